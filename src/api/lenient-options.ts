import { assetBase } from './asset-base.ts';
import { MapOptionError, resolveMapOptions, type MapOptions } from './options.ts';

/** Resolves options; an invalid option is reported and replaced by its default so the map still starts. */
export function resolveLeniently(input: MapOptions, env: Parameters<typeof resolveMapOptions>[1]) {
  const errors: MapOptionError[] = [];
  let attempt: Record<string, unknown> = typeof input === 'object' && input !== null ? { ...input } : (input as never);
  for (;;) {
    try {
      const { options, notices } = resolveMapOptions(attempt, env);
      return { options, notices, errors };
    } catch (e) {
      if (!(e instanceof MapOptionError)) throw e;
      errors.push(e);
      const key = e.option.split(/[.[]/)[0];
      if (key === 'container' || key === 'options' || !(key in attempt)) return { options: null, notices: [], errors };
      attempt = { ...attempt };
      delete attempt[key];
    }
  }
}

/** Where the data bundle and the base map are, beside the library unless the options say otherwise. */
export function defaultUrls() {
  const base = assetBase();
  return {
    dataUrl: new URL('data/', base).href,
    basemapUrl: new URL('basemap/tokyo.pmtiles', base).href,
    glyphsUrl: decodeURI(new URL('basemap/fonts/{fontstack}/{range}.pbf', base).href),
  };
}
