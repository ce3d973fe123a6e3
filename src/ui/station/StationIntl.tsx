import { partIntl } from '../i18n/part-intl.tsx';
import { STATION_MESSAGES } from '../i18n/station-messages.ts';

/** The interface text with the station panels' own strings (loaded with them). */
export const StationIntl = partIntl(STATION_MESSAGES);
