import { FLIGHT_MESSAGES } from '../i18n/flight-messages.ts';
import { partIntl } from '../i18n/part-intl.tsx';

/** The interface text with the flight popup's, panel's and app info line's own strings (loaded with them). */
export const FlightIntl = partIntl(FLIGHT_MESSAGES);
