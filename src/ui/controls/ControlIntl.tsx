import { useMemo, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import type { InterfaceLanguage } from '../../data/languages.ts';
import { CONTROL_MESSAGES } from '../i18n/control-messages.ts';
import { useMessages } from '../i18n/use-messages.ts';
import { useAppStore } from '../store-context.ts';

/** The interface text with the playback controls' and the layers panel's own strings (loaded with them). */
export function ControlIntl({ children }: { children: ReactNode }) {
  const lang = useAppStore((s) => s.lang) as InterfaceLanguage;
  const main = useMessages(lang);
  const messages = useMemo(() => ({ ...main, ...(CONTROL_MESSAGES[lang] ?? CONTROL_MESSAGES.en) }), [lang, main]);
  return (
    <IntlProvider locale={lang} messages={messages} defaultLocale="en">
      {children}
    </IntlProvider>
  );
}
