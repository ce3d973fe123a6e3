import type { ReactNode } from 'react';

/** The popup of what is under the pointer at (`x`, `y`) (px from the map's top left), beside it and inside the window. */
export function PointerPopup({ x, y, testId, children }: { x: number; y: number; testId: string; children: ReactNode }) {
  const left = Math.min(x + 14, window.innerWidth - 280);
  return (
    <div className="tt-popup tt-panel" role="tooltip" data-testid={testId} style={{ left, top: Math.max(8, y - 10) }}>
      {children}
    </div>
  );
}
