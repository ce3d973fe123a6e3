/** The arrow that folds a bottom panel to its header and unfolds it. */
export function CollapseButton({ collapsed, label, testId, onToggle }: { collapsed: boolean; label: string; testId: string; onToggle: () => void }) {
  return (
    <button type="button" className="tt-button" data-testid={testId} aria-expanded={!collapsed} aria-label={label} title={label} onClick={onToggle}>
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d={collapsed ? 'M6 15l6-6 6 6' : 'M6 9l6 6 6-6'} />
      </svg>
    </button>
  );
}

/** The × that closes a panel. */
export function CloseButton({ label, testId, onClose }: { label: string; testId?: string; onClose: () => void }) {
  return (
    <button type="button" className="tt-button" data-testid={testId} aria-label={label} title={label} onClick={onClose}>
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M6 6l12 12M18 6L6 18" />
      </svg>
    </button>
  );
}
