import { useMemo, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import type { InterfaceLanguage } from '../../data/languages.ts';
import { FLIGHT_MESSAGES } from '../i18n/flight-messages.ts';
import { useMessages } from '../i18n/use-messages.ts';
import { useAppStore } from '../store-context.ts';

/** The interface text with the flight popup's, panel's and app info line's own strings (loaded with them). */
export function FlightIntl({ children }: { children: ReactNode }) {
  const lang = useAppStore((s) => s.lang) as InterfaceLanguage;
  const main = useMessages(lang);
  const messages = useMemo(() => ({ ...main, ...(FLIGHT_MESSAGES[lang] ?? FLIGHT_MESSAGES.en) }), [lang, main]);
  return (
    <IntlProvider locale={lang} messages={messages} defaultLocale="en">
      {children}
    </IntlProvider>
  );
}
