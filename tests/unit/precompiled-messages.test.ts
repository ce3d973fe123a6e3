import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { transformWithOxc } from 'vite';
import { describe, expect, it } from 'vitest';
import { precompileCatalog } from '../../scripts/vite-precompiled-messages.ts';

const I18N = join(import.meta.dirname, '../../src/ui/i18n');

/** The object the (compiled) catalog module `code` exports as `name`. */
function evaluate(code: string, name: string): Record<string, unknown> {
  const body = code.replace(/^import .*$/gm, '').replace(/export const (\w+)/g, 'const $1').replace(/export default /, 'return ');
  return new Function(`${body}\nreturn ${name};`)() as Record<string, unknown>;
}

describe('interface text compiled at build time', () => {
  it('formats each compiled message exactly as react-intl formats its text', () => {
    const code = `export const M = { plain: "Close", arg: "Train {number}", plural: "{n, plural, one {# train} other {# trains}}", quote: "It''s {x}", tag: "<b>{x}</b> now", empty: "" };`;
    const compiled = evaluate(precompileCatalog(code, 'm.js'), 'M');
    const source = evaluate(code, 'M');
    const values = { number: 'A123', n: 2, x: 'here', b: (chunks: string[]) => `[${chunks.join('')}]` };
    for (const key of ['plain', 'arg', 'plural', 'quote', 'tag']) {
      expect(Array.isArray(compiled[key]), key).toBe(true);
      const format = (message: unknown) => new IntlMessageFormat(message as string, 'en').format(values);
      expect(format(compiled[key]), key).toEqual(format(source[key]));
    }
    expect(compiled.empty).toBe('');
  });

  it('fails the build on a message that does not parse, naming the file and the text', () => {
    expect(() => precompileCatalog('export const M = { bad: "Train {number" };', 'src/ui/i18n/messages/xx.ts')).toThrow(
      /src\/ui\/i18n\/messages\/xx\.ts: the message "Train \{number" is not valid ICU message syntax/,
    );
  });

  it('compiles every message of every real catalog', async () => {
    const files = ['messages.ts', 'control-messages.ts', 'flight-messages.ts', 'route-messages.ts', 'station-messages.ts', ...readdirSync(join(I18N, 'messages')).map((f) => `messages/${f}`)];
    let messages = 0;
    for (const file of files) {
      const { code } = await transformWithOxc(readFileSync(join(I18N, file), 'utf8'), file, { lang: 'ts' });
      const compiled = precompileCatalog(code, file);
      messages += (compiled.match(/\[\{"type":/g) ?? []).length;
      // No property keeps a text value, but the ASTs' own (`"value": "…"`, a plural's `"pluralType": "cardinal"`).
      expect(compiled, file).not.toMatch(/(?<!"(?:value|style|pluralType)"):\s*(?:"(?:[^"\\]|\\.)+"|'(?:[^'\\]|\\.)+')\s*[,}]/);
    }
    expect(messages).toBeGreaterThan(1000);
  });
});
