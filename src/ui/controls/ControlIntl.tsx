import { CONTROL_MESSAGES } from '../i18n/control-messages.ts';
import { partIntl } from '../i18n/part-intl.tsx';

/** The interface text with the playback controls' and the layers panel's own strings (loaded with them). */
export const ControlIntl = partIntl(CONTROL_MESSAGES);
