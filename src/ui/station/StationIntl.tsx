import { useMemo, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import type { InterfaceLanguage } from '../../data/languages.ts';
import { useMessages } from '../i18n/use-messages.ts';
import { STATION_MESSAGES } from '../i18n/station-messages.ts';
import { useAppStore } from '../store-context.ts';

/** The interface text with the station panels' own strings (loaded with them). */
export function StationIntl({ children }: { children: ReactNode }) {
  const lang = useAppStore((s) => s.lang) as InterfaceLanguage;
  const main = useMessages(lang);
  const messages = useMemo(() => ({ ...main, ...(STATION_MESSAGES[lang] ?? STATION_MESSAGES.en) }), [lang, main]);
  return (
    <IntlProvider locale={lang} messages={messages} defaultLocale="en">
      {children}
    </IntlProvider>
  );
}
