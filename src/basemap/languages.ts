import type { ExpressionSpecification } from 'maplibre-gl';

/** Interface languages the base map can label in. */
export const BASEMAP_LANGUAGES = [
  'ja',
  'en',
  'ko',
  'zh-Hans',
  'zh-Hant',
  'th',
  'ne',
  'pt-BR',
  'fr',
  'es',
  'de',
] as const;

/** One of {@link BASEMAP_LANGUAGES}. */
export type BasemapLanguage = (typeof BASEMAP_LANGUAGES)[number];

/**
 * Latin-script fallback used after a language's own field: the OSM English name, then OpenMapTiles'
 * `name:latin` (name:en when present, otherwise a romanisation of `name`), then the legacy `name_en`.
 * `name_en` alone is not useful here: in these tiles it is a copy of `name` (kanji) when no English exists.
 */
const LATIN_FALLBACK = ['name:en', 'name:latin', 'name_en'] as const;

/**
 * Fields to try, in order, for each language, before the local `name` (always present).
 * Fields that these tiles lack (`name:zh-Hant`, `name:pt-BR`, `name:ne`) are still listed so that richer
 * tiles work without a code change.
 */
const NAME_FIELDS: Readonly<Record<BasemapLanguage, readonly string[]>> = {
  ja: ['name:ja'],
  en: LATIN_FALLBACK,
  ko: ['name:ko', ...LATIN_FALLBACK],
  // `name:zh` in OSM Japan is Simplified Chinese.
  'zh-Hans': ['name:zh-Hans', 'name:zh'],
  // Japanese kanji (`name:ja`, `name`) read closer to Traditional Chinese than `name:zh` (Simplified) does.
  'zh-Hant': ['name:zh-Hant', 'name:zh-TW', 'name:ja', 'name:zh'],
  th: ['name:th', ...LATIN_FALLBACK],
  ne: ['name:ne', ...LATIN_FALLBACK],
  'pt-BR': ['name:pt-BR', 'name:pt', ...LATIN_FALLBACK],
  fr: ['name:fr', ...LATIN_FALLBACK],
  es: ['name:es', ...LATIN_FALLBACK],
  de: ['name:de', ...LATIN_FALLBACK],
};

/** Returns true when `lang` is exactly one of {@link BASEMAP_LANGUAGES}. */
export function isBasemapLanguage(lang: string): lang is BasemapLanguage {
  return (BASEMAP_LANGUAGES as readonly string[]).includes(lang);
}

/**
 * Maps any BCP 47 tag to a supported language: exact match first, then by primary subtag
 * ('pt' → 'pt-BR', 'zh-TW'/'zh-HK' → 'zh-Hant', other 'zh' → 'zh-Hans'); anything else → 'en'.
 */
export function resolveBasemapLanguage(lang: string): BasemapLanguage {
  if (isBasemapLanguage(lang)) return lang;
  const tag = lang.toLowerCase();
  const primary = tag.split(/[-_]/)[0] ?? '';
  if (primary === 'zh') return /hant|tw|hk|mo/.test(tag) ? 'zh-Hant' : 'zh-Hans';
  if (primary === 'pt') return 'pt-BR';
  const match = BASEMAP_LANGUAGES.find((candidate) => candidate === primary);
  return match ?? 'en';
}

/** The ordered list of tile properties tried for a label in `lang`, ending with `name`. */
export function nameFieldChain(lang: string): string[] {
  return [...NAME_FIELDS[resolveBasemapLanguage(lang)], 'name'];
}

/** A MapLibre `coalesce` expression that picks the first present name field for `lang`. */
export function localizedNameExpression(lang: string): ExpressionSpecification {
  const gets = nameFieldChain(lang).map((field): ExpressionSpecification => ['get', field]);
  return ['coalesce', ...gets];
}
