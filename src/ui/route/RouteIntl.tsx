import { partIntl } from '../i18n/part-intl.tsx';
import { ROUTE_MESSAGES } from '../i18n/route-messages.ts';
import { STATION_MESSAGES } from '../i18n/station-messages.ts';

/** The interface text with the route search's own strings (and the station search's, for the station fields). */
export const RouteIntl = partIntl(STATION_MESSAGES, ROUTE_MESSAGES);
