import type { ReactNode } from 'react';
import { CloseButton, CollapseButton } from './PanelButtons.tsx';

/**
 * The header of a panel at the bottom of the map: what it shows (`children`), then its buttons: the arrow that folds
 * it, when it folds, and the × that closes it.
 */
export function PanelHeader({
  className = 'tt-tracking-header',
  collapse,
  close,
  children,
}: {
  className?: string;
  collapse?: Parameters<typeof CollapseButton>[0];
  close: Parameters<typeof CloseButton>[0];
  children: ReactNode;
}) {
  return (
    <header className={className}>
      {children}
      <div className="tt-tracking-actions">
        {collapse && <CollapseButton {...collapse} />}
        <CloseButton {...close} />
      </div>
    </header>
  );
}
