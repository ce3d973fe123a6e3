/**
 * Interface languages, data languages and browser-language matching.
 *
 * Pure module: no DOM access. Callers pass `navigator.languages` (or any list of
 * BCP 47 tags) explicitly so that the logic can be tested in Node.
 *
 * @module
 */

/**
 * The 11 interface (UI text) languages, in the order used by the product
 * specification: ja, en, ko, zh-Hans, zh-Hant, th, ne, pt-BR, fr, es, de.
 */
export const INTERFACE_LANGUAGES = ['ja', 'en', 'ko', 'zh-Hans', 'zh-Hant', 'th', 'ne', 'pt-BR', 'fr', 'es', 'de'] as const;

/** One of the 11 {@link INTERFACE_LANGUAGES}. */
export type InterfaceLanguage = (typeof INTERFACE_LANGUAGES)[number];

/** The language used when nothing else matches. */
export const FALLBACK_LANGUAGE: InterfaceLanguage = 'en';

/**
 * Data languages carried by the transit data (station, line and operator names):
 * ja, en, ko, zh-Hans, zh-Hant, fr.
 */
export type DataLanguage = 'ja' | 'en' | 'ko' | 'zh-Hans' | 'zh-Hant' | 'fr';

/** All {@link DataLanguage} values. */
export const DATA_LANGUAGES: readonly DataLanguage[] = Object.freeze(['ja', 'en', 'ko', 'zh-Hans', 'zh-Hant', 'fr'] as DataLanguage[]);

/**
 * Type guard: `true` when `v` is exactly (case-sensitively) one of the
 * {@link INTERFACE_LANGUAGES}, e.g. `'zh-Hans'` but not `'zh-hans'` or `'ja-JP'`.
 */
export function isInterfaceLanguage(v: unknown): v is InterfaceLanguage {
  return typeof v === 'string' && (INTERFACE_LANGUAGES as readonly string[]).includes(v);
}

/** Primary subtags that map one-to-one to an interface language. */
const SIMPLE_PRIMARY: Readonly<Record<string, InterfaceLanguage>> = Object.freeze({
  ja: 'ja',
  en: 'en',
  ko: 'ko',
  th: 'th',
  ne: 'ne',
  fr: 'fr',
  es: 'es',
  de: 'de',
  pt: 'pt-BR',
});

/** Chinese regions whose customary script is Traditional. */
const TRADITIONAL_CHINESE_REGIONS: ReadonlySet<string> = new Set(['tw', 'hk', 'mo']);

/**
 * Map a single language tag to an interface language, or `undefined` when it
 * has no match.
 *
 * Rules (case-insensitive; `_` is accepted as a separator like `-`):
 * - the primary subtag must match exactly (`ja-JP` → `ja`, but `jav` ≠ `ja`);
 * - `zh`: an explicit script subtag wins (`Hant` → `zh-Hant`, `Hans` → `zh-Hans`),
 *   else region TW/HK/MO → `zh-Hant`, else (CN, SG, bare `zh`, …) → `zh-Hans`;
 * - any `pt` (`pt`, `pt-BR`, `pt-PT`) → `pt-BR`;
 * - ja, en, ko, th, ne, fr, es, de with any region/script → that language.
 */
export function matchLanguageTag(tag: string): InterfaceLanguage | undefined {
  if (typeof tag !== 'string') return undefined;
  const subtags = tag.trim().toLowerCase().replace(/_/g, '-').split('-');
  const primary = subtags[0];
  if (!primary) return undefined;
  if (primary === 'zh') {
    const rest = subtags.slice(1);
    if (rest.includes('hant')) return 'zh-Hant';
    if (rest.includes('hans')) return 'zh-Hans';
    if (rest.some((s) => TRADITIONAL_CHINESE_REGIONS.has(s))) return 'zh-Hant';
    return 'zh-Hans';
  }
  return Object.prototype.hasOwnProperty.call(SIMPLE_PRIMARY, primary) ? SIMPLE_PRIMARY[primary] : undefined;
}

/**
 * Best interface language for a list of browser language tags, in
 * `navigator.languages` order (the first tag that matches wins); `'en'` when
 * none matches or the list is empty. See {@link matchLanguageTag} for the
 * per-tag table: ja-JP→ja, zh-CN/zh-SG/zh-Hans*→zh-Hans,
 * zh-TW/zh-HK/zh-MO/zh-Hant*→zh-Hant, bare zh→zh-Hans, pt/pt-BR/pt-PT→pt-BR,
 * ko-KR→ko; case-insensitive. Non-string entries are skipped.
 */
export function matchBrowserLanguage(tags: readonly string[]): InterfaceLanguage {
  if (!Array.isArray(tags)) return FALLBACK_LANGUAGE;
  for (const tag of tags) {
    const match = matchLanguageTag(tag);
    if (match) return match;
  }
  return FALLBACK_LANGUAGE;
}

const DATA_LANGUAGE_FOR: Readonly<Record<InterfaceLanguage, DataLanguage>> = Object.freeze({
  ja: 'ja',
  en: 'en',
  ko: 'ko',
  'zh-Hans': 'zh-Hans',
  'zh-Hant': 'zh-Hant',
  fr: 'fr',
  th: 'en',
  ne: 'en',
  'pt-BR': 'en',
  es: 'en',
  de: 'en',
});

/**
 * Which data-language name to show for an interface language: languages the
 * data carries map to themselves (ja, en, ko, zh-Hans, zh-Hant, fr); the others
 * (th, ne, pt-BR, es, de) use English names.
 */
export function dataLanguageFor(lang: InterfaceLanguage): DataLanguage {
  return DATA_LANGUAGE_FOR[lang] ?? 'en';
}
