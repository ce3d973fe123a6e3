import { useEffect, useReducer } from 'react';
import type { InterfaceLanguage } from '../../data/languages.ts';
import { ENGLISH_MESSAGES, loadMessages, loadedMessages, type Catalog } from './messages.ts';

/**
 * The interface text of `lang`: English until its file has loaded (a moment at
 * start-up, in parallel with the network's data), and if it cannot be loaded.
 */
export function useMessages(lang: InterfaceLanguage): Catalog {
  const [, loaded] = useReducer((n: number) => n + 1, 0);
  const catalog = loadedMessages(lang);
  useEffect(() => {
    if (catalog) return;
    let live = true;
    loadMessages(lang).then(
      () => live && loaded(),
      (error: unknown) => console.warn(`The interface text in "${lang}" could not be loaded; English is shown instead.`, error),
    );
    return () => {
      live = false;
    };
  }, [lang, catalog]);
  return catalog ?? ENGLISH_MESSAGES;
}
