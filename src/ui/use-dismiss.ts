import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/**
 * Closes an open panel or menu the way every panel of the map does: with
 * Escape (focus then returns to the button that opened it, when given) or a
 * press anywhere outside `area` (the button and its panel).
 */
export function useDismiss(open: boolean, area: RefObject<HTMLElement | null>, close: () => void, opener?: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (area.current && !area.current.contains(event.target as Node)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault(); // the panel takes this Escape: it does not also end a selection
      close();
      opener?.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    // Capture phase: before the app's own Escape handler (which ends a selection) sees the key.
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('keydown', onKeyDown, true);
    };
  }, [open, area, close, opener]);
}

/**
 * State of a button's panel or menu: whether it is open, refs for the area
 * (button and panel) and the button, and `close`; it closes like every panel
 * (see {@link useDismiss}).
 */
export function usePanel() {
  const [open, setOpen] = useState(false);
  const area = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, area, close, opener);
  return { open, toggle: () => setOpen(!open), close, area, opener };
}
