import type { ReactNode } from 'react';
import { usePanel } from './use-dismiss.ts';

/** How a {@link MenuControl}'s button looks and what it is called. */
export interface MenuButtonProps {
  label: string;
  testId: string;
  /** The icon's SVG shapes (24 × 24). */
  icon: ReactNode;
  /** The button opens a menu (not a dialog). */
  menu?: boolean;
  /** The button is shown pressed while its panel is open. */
  activeWhenOpen?: boolean;
}

/**
 * A button of the controls and the panel or menu it opens beside it (`children`, given the function that closes
 * it); it closes like every panel (see `usePanel`).
 */
export function MenuControl({ label, testId, icon, menu, activeWhenOpen, children }: MenuButtonProps & { children: (close: () => void) => ReactNode }) {
  const { open, toggle, close, area, opener } = usePanel();
  return (
    <div className="tt-config tt-panel" ref={area}>
      <button
        ref={opener}
        type="button"
        className={`tt-button${activeWhenOpen && open ? ' tt-active' : ''}`}
        data-testid={testId}
        aria-haspopup={menu ? 'menu' : undefined}
        aria-expanded={open}
        aria-label={label}
        title={label}
        onClick={toggle}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          {icon}
        </svg>
      </button>
      {open && children(close)}
    </div>
  );
}
