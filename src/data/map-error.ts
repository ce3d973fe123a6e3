/**
 * What a failure of the map carries besides its message: the data of the map's `error` event, built in one place
 * (the map's parts report through one `reportError`, the `Map` fires it).
 *
 * @module
 */

/** The part of the map a failure belongs to: a layer added with `addLayer`, a plugin or a data source, by id. */
export interface ErrorSource {
  type: 'layer' | 'plugin' | 'dataSource';
  id: string;
}

/** What a failure carries besides its message. */
export interface ErrorDetails {
  /** The underlying error, when there is one. */
  error?: unknown;
  /** The layer, plugin or data source that failed, when one did. */
  source?: ErrorSource;
  /** The address that could not be loaded or read, when there is one. */
  url?: string;
}

/** Data of the map's `error` event: `message` says what failed, where and why. */
export interface MapErrorData extends ErrorDetails {
  message: string;
}

/** Reports a failure as the map's `error` event. */
export type ReportError = (message: string, details?: ErrorDetails) => void;

/** The `error` event's data: the message and the details given (none left `undefined`). */
export function mapErrorData(message: string, details: ErrorDetails = {}): MapErrorData {
  const data: MapErrorData = { message };
  if (details.error !== undefined) data.error = details.error;
  if (details.source) data.source = { ...details.source };
  if (details.url !== undefined) data.url = details.url;
  return data;
}

/** The message of anything thrown. */
export function thrownMessage(e: unknown): string {
  if (e instanceof Error) return e.message;
  if (typeof e === 'object' && e !== null && typeof (e as { message?: unknown }).message === 'string') return (e as { message: string }).message;
  return String(e);
}
