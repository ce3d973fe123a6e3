import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { INTERFACE_LANGUAGES } from '../../src/data/languages.ts';
import { loadMessages, loadedMessages } from '../../src/ui/i18n/messages.ts';
import { STATION_MESSAGES } from '../../src/ui/i18n/station-messages.ts';
import { CONTROL_MESSAGES } from '../../src/ui/i18n/control-messages.ts';
import { ROUTE_MESSAGES } from '../../src/ui/i18n/route-messages.ts';
import { FLIGHT_MESSAGES } from '../../src/ui/i18n/flight-messages.ts';
import { NOTICE_MESSAGES } from '../../src/ui/i18n/notice-messages.ts';

// Each language's main text is a file of its own, loaded on first use.
const MESSAGES = Object.fromEntries(await Promise.all(INTERFACE_LANGUAGES.map(async (lang) => [lang, await loadMessages(lang)] as const)));

const CATALOGS = { main: MESSAGES, stations: STATION_MESSAGES, controls: CONTROL_MESSAGES, route: ROUTE_MESSAGES, flights: FLIGHT_MESSAGES, notices: NOTICE_MESSAGES } as const;

describe('interface text', () => {
  for (const [name, catalog] of Object.entries(CATALOGS)) {
    it(`${name}: every interface language has every key, non-empty, each a valid message`, () => {
      const keys = Object.keys(catalog.en).sort();
      for (const lang of INTERFACE_LANGUAGES) {
        const messages = catalog[lang] as Record<string, string>;
        expect(Object.keys(messages).sort(), lang).toEqual(keys);
        for (const key of keys) {
          expect(messages[key].trim(), `${lang} ${key}`).not.toBe('');
          expect(() => new IntlMessageFormat(messages[key], lang), `${lang} ${key}`).not.toThrow();
        }
      }
    });
  }

  it('formats the search result count with each language plural rules', () => {
    const format = (lang: string, count: number) => new IntlMessageFormat((STATION_MESSAGES as Record<string, Record<string, string>>)[lang]['search.results'], lang).format({ count });
    expect(format('en', 0)).toBe('No station found');
    expect(format('en', 1)).toBe('1 station found');
    expect(format('en', 5)).toBe('5 stations found');
    expect(format('fr', 1)).toBe('1 gare trouvée');
    expect(format('de', 2)).toBe('2 Bahnhöfe gefunden');
    expect(format('ja', 3)).toBe('3駅が見つかりました');
  });
});

describe('loading a language', () => {
  it('English is there from the start; another language once loaded, the same object on every later load', async () => {
    expect(loadedMessages('en')?.zoomIn).toBe('Zoom in');
    const ja = await loadMessages('ja');
    expect(ja.zoomIn).toBe('ズームイン');
    expect(loadedMessages('ja')).toBe(ja);
    expect(await loadMessages('ja')).toBe(ja);
  });
});

