import { useEffect } from 'react';
import type { InterfaceLanguage } from '../../data/languages.ts';

/**
 * A web font shipped for a script that a machine may have no font for, in the subset of that script only. Its family
 * stands in the interface's font stack (`styles.css`) under a name no system font has, so that it is the font used
 * once loaded and no other font is taken for it before.
 */
export interface ScriptFont {
  family: string;
  /** The characters the font covers (CSS `unicode-range`). */
  unicodeRange: string;
  /** One file per weight (WOFF2). */
  faces: readonly { weight: string; url: string }[];
}

/**
 * The languages whose script needs a shipped font: Thai and Devanagari (Nepali). Each font's module, and with it its
 * files, loads only when its language is chosen. CJK is not shipped: its fonts are several megabytes even when
 * subset, and Chinese, Japanese and Korean systems (and the base map, through MapLibre's `localIdeographFontFamily`)
 * have their own.
 */
const SCRIPT_FONTS: Partial<Record<InterfaceLanguage, () => Promise<{ default: ScriptFont }>>> = {
  th: () => import('./fonts/thai.ts'),
  ne: () => import('./fonts/devanagari.ts'),
};

const loading = new Map<InterfaceLanguage, Promise<void>>();

/**
 * Loads the shipped font of `lang`'s script, if it has one, and adds it to the document's fonts (once per language;
 * later calls share the first load). Resolves when its faces are ready to draw.
 */
function loadScriptFont(lang: InterfaceLanguage): Promise<void> {
  const load = SCRIPT_FONTS[lang];
  if (!load) return Promise.resolve();
  let ready = loading.get(lang);
  if (!ready) {
    ready = load().then(async ({ default: font }) => {
      const faces = font.faces.map(({ weight, url }) => new FontFace(font.family, `url(${url}) format('woff2')`, { weight, unicodeRange: font.unicodeRange, display: 'swap' }));
      for (const face of faces) document.fonts.add(face);
      try {
        await Promise.all(faces.map((face) => face.load()));
      } catch (error) {
        for (const face of faces) document.fonts.delete(face);
        throw error;
      }
    });
    // A failed load is tried again at the next switch to the language; the system's fonts show meanwhile.
    ready.catch((error: unknown) => {
      loading.delete(lang);
      console.warn(`The ${lang} font could not be loaded; the system's fonts are used.`, error);
    });
    loading.set(lang, ready);
  }
  return ready;
}

/** Loads the shipped font of the interface language's script (see {@link loadScriptFont}) whenever the language changes. */
export function useScriptFont(lang: InterfaceLanguage): void {
  useEffect(() => {
    loadScriptFont(lang).catch(() => {});
  }, [lang]);
}
