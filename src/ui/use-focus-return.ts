import { useEffect, type RefObject } from 'react';

/** How many of the elements last focused in the app are remembered. */
const HISTORY = 12;

/**
 * Gives the keyboard's focus back when what had it disappears: when a panel or menu closes (Escape, its ×, a choice
 * in the search) while focus is inside it, focus returns to the element focused before it that is still there (the
 * control that opened the panel, or the map), instead of falling to the page's body. One watcher for every panel of
 * the app under `root`; focus that has left the app is never taken back.
 */
export function useFocusReturn(root: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const history: HTMLElement[] = [];
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof HTMLElement)) return;
      const index = history.indexOf(target);
      if (index >= 0) history.splice(index, 1);
      history.push(target);
      if (history.length > HISTORY) history.shift();
    };
    const observer = new MutationObserver(() => {
      const last = history.at(-1);
      if (!last || last.isConnected) return;
      const active = document.activeElement;
      if (active && active !== document.body) return;
      while (history.length > 0 && !isFocusable(history.at(-1)!)) history.pop();
      history.at(-1)?.focus({ preventScroll: true });
    });
    element.addEventListener('focusin', onFocusIn);
    observer.observe(element, { childList: true, subtree: true });
    return () => {
      element.removeEventListener('focusin', onFocusIn);
      observer.disconnect();
    };
  }, [root]);
}

/** Still in the page and shown. */
function isFocusable(element: HTMLElement): boolean {
  return element.isConnected && element.getClientRects().length > 0;
}
