/**
 * JSON parsing with error positions. `JSON.parse` in current engines does not
 * always say where a document is broken, so on failure a small scanner finds
 * the offset of the first error and reports it as line and column.
 */

/** A source file that could not be parsed; `message` names the file, line and column. */
export class SourceJsonError extends Error {
  override name = 'SourceJsonError';
  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
    readonly reason: string,
  ) {
    super(`${file}:${line}:${column}: malformed JSON: ${reason}`);
  }
}

/** Parses `text`; throws {@link SourceJsonError} with the position of the first syntax error. */
export function parseJsonFile(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const { offset, reason } = findJsonError(text);
    const before = text.slice(0, offset);
    const line = before.split('\n').length;
    const column = offset - before.lastIndexOf('\n');
    throw new SourceJsonError(file, line, column, reason);
  }
}

/** Returns the offset and a description of the first JSON syntax error in `text`. */
export function findJsonError(text: string): { offset: number; reason: string } {
  let i = 0;
  const fail = (reason: string): never => {
    throw { offset: i, reason };
  };
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  };
  const describe = () => (i >= text.length ? 'unexpected end of file' : `unexpected character ${JSON.stringify(text[i])}`);
  const literal = (word: string) => {
    if (text.startsWith(word, i)) i += word.length;
    else fail(describe());
  };
  const string = () => {
    i++; // opening quote
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\\') {
        i++;
        if (text[i] === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail('bad \\u escape');
          i += 4;
        } else if (!'"\\/bfnrt'.includes(text[i] ?? '')) fail('bad escape sequence');
      } else if (text.charCodeAt(i) < 0x20) fail('control character in string');
      i++;
    }
    if (i >= text.length) fail('unterminated string');
    i++;
  };
  const number = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 64));
    if (!m) fail(describe());
    else i += m[0].length;
  };
  const found = () => describe().replace('unexpected ', '');
  /** The items of an object or array (the scanner is on its opening bracket) up to `close`. */
  const items = (close: '}' | ']', item: () => void) => {
    i++;
    ws();
    if (text[i] === close) {
      i++;
      return;
    }
    for (;;) {
      item();
      ws();
      if (text[i] === ',') i++;
      else if (text[i] === close) {
        i++;
        return;
      } else fail(`expected "," or "${close}", found ${found()}`);
    }
  };
  const member = () => {
    ws();
    if (text[i] !== '"') fail(`expected a property name, found ${found()}`);
    string();
    ws();
    if (text[i] !== ':') fail(`expected ":", found ${found()}`);
    i++;
    value();
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{') items('}', member);
    else if (c === '[') items(']', value);
    else if (c === '"') string();
    else if (c === 't') literal('true');
    else if (c === 'f') literal('false');
    else if (c === 'n') literal('null');
    else if (c === '-' || (c >= '0' && c <= '9')) number();
    else fail(describe());
  };
  try {
    value();
    ws();
    if (i < text.length) fail('unexpected content after the end of the document');
    return { offset: text.length, reason: 'invalid JSON' };
  } catch (e) {
    return e as { offset: number; reason: string };
  }
}
