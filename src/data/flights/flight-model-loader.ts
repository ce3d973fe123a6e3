/**
 * Loads the flights bundle file (`flights.<hash>.bin`, see
 * `bundle/flights-format.ts`) of a data bundle, once per manifest.
 *
 * @module
 */
import { FLIGHTS_KIND, type FlightsMeta } from '../bundle/flights-format.ts';
import type { BundleManifest } from '../bundle/manifest.ts';
import { lazyBundleLoader } from '../lazy-bundle.ts';
import { FLIGHT_MODEL_VERSION, type FlightModel } from './flight-model.ts';

/** Checks a decoded model's version and shape enough to use it. */
function checkModel(meta: FlightsMeta): FlightModel {
  if (meta?.version !== FLIGHT_MODEL_VERSION || !Array.isArray(meta.courses) || typeof meta.airlines !== 'object' || typeof meta.airports !== 'object') {
    throw new Error(`it holds a flight model of version ${String(meta?.version)} where version ${FLIGHT_MODEL_VERSION} was expected; rebuild the data with "npm run data".`);
  }
  return meta;
}

/**
 * The bundle's flight model, fetched the first time it is asked for. Rejects
 * with a `DataLoadError` naming the URL when the file is missing, unreachable
 * or not a flight model.
 */
export const loadFlightModel: (manifest: BundleManifest, base: string, fetchImpl?: typeof fetch) => Promise<FlightModel> = lazyBundleLoader<FlightsMeta, FlightModel>({
  what: 'flights',
  kind: FLIGHTS_KIND,
  entry: (manifest) => manifest.flights,
  decode: (meta) => {
    try {
      return checkModel(meta);
    } catch (e) {
      throw new Error(`The flights file ${(e as Error).message}`);
    }
  },
});
