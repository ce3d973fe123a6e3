import regular from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2?url';
import semibold from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-600-normal.woff2?url';
import type { ScriptFont } from '../script-fonts.ts';

/** Noto Sans Devanagari (SIL Open Font License 1.1), its Devanagari subset only: Latin text keeps the interface's own font. */
const devanagari: ScriptFont = {
  family: 'Tokyo Transit Devanagari',
  unicodeRange: 'U+0900-097F,U+1CD0-1CF9,U+200C-200D,U+20A8,U+20B9,U+20F0,U+25CC,U+A830-A839,U+A8E0-A8FF,U+11B00-11B09',
  faces: [
    { weight: '400', url: regular },
    { weight: '600', url: semibold },
  ],
};
export default devanagari;
