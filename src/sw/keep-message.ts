/** The message the app page sends its service worker once controlled: what its first view read from the base map. */
export interface KeepMessage {
  type: 'tt:keep';
  /** Each PMTiles archive read, with the byte ranges read from it, `[offset, length]`. */
  archives: { url: string; ranges: Array<[number, number]> }[];
  /** Other base-map files read (glyphs). */
  urls: string[];
}

/** The requests a {@link KeepMessage} asks to keep, those under `scope` only; null for any other message. */
export function keepRequests(data: unknown, scope: string): Request[] | null {
  const message = data as Partial<KeepMessage> | null;
  if (message?.type !== 'tt:keep' || !Array.isArray(message.archives) || !Array.isArray(message.urls)) return null;
  const inScope = (url: unknown): url is string => typeof url === 'string' && url.startsWith(scope);
  const requests: Request[] = [];
  for (const { url, ranges } of message.archives) {
    if (!inScope(url) || !Array.isArray(ranges)) continue;
    for (const [offset, length] of ranges) {
      if (Number.isInteger(offset) && Number.isInteger(length) && length > 0) requests.push(new Request(url, { headers: { range: `bytes=${offset}-${offset + length - 1}` } }));
    }
  }
  for (const url of message.urls) if (inScope(url)) requests.push(new Request(url));
  return requests;
}
