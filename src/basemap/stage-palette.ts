/**
 * The base-map palette of a light stage: the day and night palettes blended
 * and tinted as the stage says, built once per stage and kept.
 *
 * @module
 */
import { LIGHT_STAGES, type LightStage, type LightStageId } from '../data/light/light-stages.ts';
import { basemapPalette } from '../data/light/palette-blend.ts';
import { PALETTES, type BasemapPalette } from './palettes.ts';

const cache = new Map<LightStageId, BasemapPalette>();

/** The palette of `stage` (cached; do not mutate). */
export function stagePalette(stage: LightStage): BasemapPalette {
  let palette = cache.get(stage.id);
  if (!palette) {
    palette = basemapPalette(PALETTES.light, PALETTES.dark, stage.basemap);
    cache.set(stage.id, palette);
  }
  return palette;
}

/** The stage with this id. */
export function stageById(id: LightStageId): LightStage {
  return LIGHT_STAGES.find((stage) => stage.id === id) ?? LIGHT_STAGES[0];
}
