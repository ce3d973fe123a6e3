import regular from '@fontsource/noto-sans-thai/files/noto-sans-thai-thai-400-normal.woff2?url';
import semibold from '@fontsource/noto-sans-thai/files/noto-sans-thai-thai-600-normal.woff2?url';
import type { ScriptFont } from '../script-fonts.ts';

/** Noto Sans Thai (SIL Open Font License 1.1), its Thai subset only: Latin text keeps the interface's own font. */
const thai: ScriptFont = {
  family: 'Tokyo Transit Thai',
  unicodeRange: 'U+02D7,U+0303,U+0331,U+0E01-0E5B,U+200C-200D,U+25CC',
  faces: [
    { weight: '400', url: regular },
    { weight: '600', url: semibold },
  ],
};
export default thai;
