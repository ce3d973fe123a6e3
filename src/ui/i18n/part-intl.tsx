import { useMemo, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import type { InterfaceLanguage } from '../../data/languages.ts';
import { useAppStore } from '../store-context.ts';
import { useMessages } from './use-messages.ts';

/** The own strings of a part of the interface in every interface language, loaded with that part (not before the map shows). */
export type PartMessages = Record<InterfaceLanguage, Record<string, string>>;

const NO_PARTS: readonly PartMessages[] = [];

/**
 * The interface text in the interface language for the tree below, with the strings of `parts` merged over it
 * (a later part over an earlier one; English where a part lacks the language). `parts` must not change.
 */
export function InterfaceIntl({ parts = NO_PARTS, children }: { parts?: readonly PartMessages[]; children: ReactNode }) {
  const lang = useAppStore((s) => s.lang);
  const main = useMessages(lang);
  const messages = useMemo(() => Object.assign({}, main, ...parts.map((part) => part[lang] ?? part.en)) as Record<string, string>, [lang, main, parts]);
  return (
    <IntlProvider locale={lang} messages={messages} defaultLocale="en">
      {children}
    </IntlProvider>
  );
}

/** A provider of the interface text with the strings of `parts` (see {@link InterfaceIntl}), for a part loaded on demand. */
export function partIntl(...parts: PartMessages[]): (props: { children: ReactNode }) => ReactNode {
  return function PartIntl({ children }) {
    return <InterfaceIntl parts={parts}>{children}</InterfaceIntl>;
  };
}
