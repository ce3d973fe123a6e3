import { CompositeLayer, type UpdateParameters } from '@deck.gl/core';
import { PlacementSchedule } from './label-placement.ts';

/**
 * Base of the composite layers whose labels are placed on the CPU (station
 * names, a feed's stop names): {@link placeLabels} runs when the view or the
 * props change, at most every 200 ms while the view moves
 * (`PlacementSchedule`), the last time after the view stops.
 */
export abstract class PlacedLabelLayer<PropsT extends object> extends CompositeLayer<PropsT> {
  static override layerName = 'PlacedLabelLayer';

  declare state: { placements: PlacementSchedule };

  /** Chooses which labels fit on screen now (and sets them in the state). */
  protected abstract placeLabels(): void;

  override initializeState() {
    this.setState({ placements: new PlacementSchedule() });
  }

  override shouldUpdateState({ changeFlags }: UpdateParameters<this>) {
    return changeFlags.propsOrDataChanged || changeFlags.viewportChanged || changeFlags.stateChanged;
  }

  /** Schedules a placement when the view or the props changed (subclasses update their data first). */
  override updateState({ changeFlags }: UpdateParameters<this>) {
    if (!(changeFlags.viewportChanged || changeFlags.propsOrDataChanged)) return;
    this.state.placements.request((later) => {
      if (later && !this.internalState) return;
      this.placeLabels();
      if (later) this.setNeedsUpdate();
    });
  }

  override finalizeState(context: Parameters<CompositeLayer['finalizeState']>[0]) {
    this.state.placements.cancel();
    super.finalizeState(context);
  }
}
