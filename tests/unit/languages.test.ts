import { describe, expect, it } from 'vitest';
import {
  DATA_LANGUAGES,
  FALLBACK_LANGUAGE,
  INTERFACE_LANGUAGES,
  dataLanguageFor,
  isInterfaceLanguage,
  matchBrowserLanguage,
  matchLanguageTag,
  type InterfaceLanguage,
} from '../../src/data/languages.ts';

describe('INTERFACE_LANGUAGES', () => {
  it('lists the 11 interface languages in spec order', () => {
    expect(INTERFACE_LANGUAGES).toEqual(['ja', 'en', 'ko', 'zh-Hans', 'zh-Hant', 'th', 'ne', 'pt-BR', 'fr', 'es', 'de']);
    expect(new Set(INTERFACE_LANGUAGES).size).toBe(11);
  });

  it('falls back to en', () => {
    expect(FALLBACK_LANGUAGE).toBe('en');
  });
});

describe('isInterfaceLanguage', () => {
  it.each(INTERFACE_LANGUAGES.map((l) => [l]))('accepts %s', (lang) => {
    expect(isInterfaceLanguage(lang)).toBe(true);
  });

  it.each([['zh-hans'], ['ZH-HANT'], ['pt'], ['pt-br'], ['ja-JP'], ['JA'], ['zh'], [''], ['it'], [' ja']])('rejects %j', (v) => {
    expect(isInterfaceLanguage(v)).toBe(false);
  });

  it('rejects non-strings', () => {
    for (const v of [undefined, null, 1, {}, ['ja'], true]) expect(isInterfaceLanguage(v)).toBe(false);
  });
});

describe('matchBrowserLanguage', () => {
  const table: Array<[string, InterfaceLanguage]> = [
    ['ja', 'ja'],
    ['ja-JP', 'ja'],
    ['JA-jp', 'ja'],
    ['en', 'en'],
    ['en-US', 'en'],
    ['en-GB', 'en'],
    ['ko', 'ko'],
    ['ko-KR', 'ko'],
    ['zh', 'zh-Hans'],
    ['zh-CN', 'zh-Hans'],
    ['zh-SG', 'zh-Hans'],
    ['zh-Hans', 'zh-Hans'],
    ['zh-Hans-CN', 'zh-Hans'],
    ['zh-hans', 'zh-Hans'],
    ['zh-TW', 'zh-Hant'],
    ['zh-HK', 'zh-Hant'],
    ['zh-MO', 'zh-Hant'],
    ['zh-tw', 'zh-Hant'],
    ['zh-Hant', 'zh-Hant'],
    ['zh-Hant-TW', 'zh-Hant'],
    ['zh-Hant-CN', 'zh-Hant'],
    ['zh-Hans-HK', 'zh-Hans'],
    ['ZH-HANT', 'zh-Hant'],
    ['zh_TW', 'zh-Hant'],
    ['th', 'th'],
    ['th-TH', 'th'],
    ['ne', 'ne'],
    ['ne-NP', 'ne'],
    ['pt', 'pt-BR'],
    ['pt-BR', 'pt-BR'],
    ['pt-PT', 'pt-BR'],
    ['PT-pt', 'pt-BR'],
    ['fr', 'fr'],
    ['fr-CA', 'fr'],
    ['fr-FR', 'fr'],
    ['es', 'es'],
    ['es-419', 'es'],
    ['es-ES', 'es'],
    ['de', 'de'],
    ['de-CH', 'de'],
    ['de-DE', 'de'],
  ];

  it.each(table)('%s → %s', (tag, expected) => {
    expect(matchBrowserLanguage([tag])).toBe(expected);
  });

  it('returns en for an empty list', () => {
    expect(matchBrowserLanguage([])).toBe('en');
  });

  it('returns en when nothing matches', () => {
    expect(matchBrowserLanguage(['it-IT', 'ru', 'nl-NL'])).toBe('en');
  });

  it('takes the first matching tag in navigator.languages order', () => {
    expect(matchBrowserLanguage(['it', 'de-DE', 'ja-JP'])).toBe('de');
    expect(matchBrowserLanguage(['ja-JP', 'en-US'])).toBe('ja');
    expect(matchBrowserLanguage(['en-US', 'ja-JP'])).toBe('en');
  });

  it('requires the primary subtag to match exactly', () => {
    expect(matchBrowserLanguage(['jav'])).toBe('en');
    expect(matchBrowserLanguage(['jav', 'ko'])).toBe('ko');
    expect(matchBrowserLanguage(['deu'])).toBe('en');
    expect(matchBrowserLanguage(['zho', 'fr'])).toBe('fr');
  });

  it('skips empty and non-string entries', () => {
    expect(matchBrowserLanguage(['', 'ko'])).toBe('ko');
    expect(matchBrowserLanguage([42 as unknown as string, null as unknown as string, 'th'])).toBe('th');
  });

  it('tolerates a non-array argument', () => {
    expect(matchBrowserLanguage(undefined as unknown as string[])).toBe('en');
  });
});

describe('matchLanguageTag', () => {
  it('returns undefined for no match', () => {
    expect(matchLanguageTag('it')).toBeUndefined();
    expect(matchLanguageTag('')).toBeUndefined();
    expect(matchLanguageTag('-')).toBeUndefined();
  });

  it('matches single tags', () => {
    expect(matchLanguageTag('zh-HK')).toBe('zh-Hant');
    expect(matchLanguageTag(' ja ')).toBe('ja');
  });
});

describe('dataLanguageFor', () => {
  const table: Array<[InterfaceLanguage, string]> = [
    ['ja', 'ja'],
    ['en', 'en'],
    ['ko', 'ko'],
    ['zh-Hans', 'zh-Hans'],
    ['zh-Hant', 'zh-Hant'],
    ['fr', 'fr'],
    ['th', 'en'],
    ['ne', 'en'],
    ['pt-BR', 'en'],
    ['es', 'en'],
    ['de', 'en'],
  ];

  it.each(table)('%s → %s', (lang, expected) => {
    expect(dataLanguageFor(lang)).toBe(expected);
  });

  it('covers every interface language and only yields data languages', () => {
    for (const lang of INTERFACE_LANGUAGES) expect(DATA_LANGUAGES).toContain(dataLanguageFor(lang));
  });

  it('lists the six data languages', () => {
    expect(DATA_LANGUAGES).toEqual(['ja', 'en', 'ko', 'zh-Hans', 'zh-Hant', 'fr']);
  });
});
