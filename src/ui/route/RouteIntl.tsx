import { useMemo, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import type { InterfaceLanguage } from '../../api/languages.ts';
import { MESSAGES } from '../i18n/messages.ts';
import { ROUTE_MESSAGES } from '../i18n/route-messages.ts';
import { STATION_MESSAGES } from '../i18n/station-messages.ts';
import { useAppStore } from '../store-context.ts';

/** The interface text with the route search's own strings (and the station search's, for the station fields). */
export function RouteIntl({ children }: { children: ReactNode }) {
  const lang = useAppStore((s) => s.lang) as InterfaceLanguage;
  const messages = useMemo(() => ({ ...(MESSAGES[lang] ?? MESSAGES.en), ...(STATION_MESSAGES[lang] ?? STATION_MESSAGES.en), ...(ROUTE_MESSAGES[lang] ?? ROUTE_MESSAGES.en) }), [lang]);
  return (
    <IntlProvider locale={lang} messages={messages} defaultLocale="en">
      {children}
    </IntlProvider>
  );
}
