import { thrownMessage, type ErrorDetails } from '../data/map-error.ts';

/**
 * The `error` event of a part of the map's code (a chunk loaded with `import()`) that could not be loaded: the
 * browser's message names the chunk's address, which becomes the event's `url`.
 */
export function chunkFailure(e: unknown): [message: string, details: ErrorDetails] {
  const message = thrownMessage(e);
  const url = /\b(?:https?|file):\/\/\S+/.exec(message)?.[0];
  return [`Could not load a part of the map's code: ${message}`, url === undefined ? { error: e } : { error: e, url }];
}
