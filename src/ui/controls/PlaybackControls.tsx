import { useIntl } from 'react-intl';
import { DATE_TIME_FIELDS, stepField, stepSpeed, type DateTimeField } from '../../data/playback.ts';
import { zoneName } from '../i18n/zone-name.ts';
import { useAppStore, useStoreApi } from '../store-context.ts';
import { ControlIntl } from './ControlIntl.tsx';

interface Props {
  /** The clock's time in whole seconds (epoch ms), where editing starts. */
  now: number;
  /** The date-time being edited, or null. */
  editing: number | null;
  onEditingChange(editing: number | null): void;
}

const pad = (field: DateTimeField, value: number) => String(value).padStart(field === 'year' ? 4 : 2, '0');

/** One field of the editor: + above, the value, − below. */
function FieldSpinner({ field, value, onStep }: { field: DateTimeField; value: number; onStep: (delta: 1 | -1) => void }) {
  const intl = useIntl();
  const name = intl.formatMessage({ id: `field.${field}` });
  return (
    <div className={`tt-spin tt-spin-${field}`}>
      <button type="button" className="tt-spin-button" data-testid={`edit-${field}-up`} aria-label={intl.formatMessage({ id: 'playback.increase' }, { field: name })} onClick={() => onStep(1)}>
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M6 15l6-6 6 6" />
        </svg>
      </button>
      <span className="tt-spin-value" data-testid={`edit-${field}`} aria-label={name}>
        {pad(field, value)}
      </span>
      <button type="button" className="tt-spin-button" data-testid={`edit-${field}-down`} aria-label={intl.formatMessage({ id: 'playback.decrease' }, { field: name })} onClick={() => onStep(-1)}>
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M6 9l6 6 6-6" />
        </svg>
      </button>
    </div>
  );
}

/**
 * The date-time editor, on the map's clock zone: year, month, day, hour, minute, second, each with −/+; OK applies,
 * Cancel (or Escape) leaves the clock as it was.
 */
function Editor({ value, onChange, onDone }: { value: number; onChange: (value: number) => void; onDone: (apply: boolean) => void }) {
  const intl = useIntl();
  const zone = useAppStore((s) => s.clockZone);
  const fields = zone.fields(value);
  const spinner = (field: DateTimeField) => <FieldSpinner key={field} field={field} value={fields[field]} onStep={(delta) => onChange(stepField(value, field, delta, zone))} />;
  return (
    <div
      className="tt-editor"
      role="group"
      aria-label={intl.formatMessage({ id: 'playback.editor' })}
      data-testid="date-time-editor"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        onDone(false);
      }}
    >
      <div className="tt-editor-row">
        {DATE_TIME_FIELDS.slice(0, 3).map((field, i) => [i > 0 && <span key={`s${field}`} className="tt-editor-sep">/</span>, spinner(field)])}
      </div>
      <div className="tt-editor-row">
        {DATE_TIME_FIELDS.slice(3).map((field, i) => [i > 0 && <span key={`s${field}`} className="tt-editor-sep">:</span>, spinner(field)])}
        <span className="tt-clock-zone">{zoneName(zone.timeZone, new Date(value))}</span>
      </div>
      <div className="tt-editor-actions">
        <button type="button" className="tt-text-button" data-testid="edit-cancel" onClick={() => onDone(false)}>
          {intl.formatMessage({ id: 'playback.cancel' })}
        </button>
        <button type="button" className="tt-text-button tt-primary" data-testid="edit-ok" onClick={() => onDone(true)}>
          {intl.formatMessage({ id: 'playback.ok' })}
        </button>
      </div>
    </div>
  );
}

function Controls({ now, editing, onEditingChange }: Props) {
  const intl = useIntl();
  const store = useStoreApi();
  const speed = useAppStore((s) => s.playbackSpeed);
  if (editing !== null) {
    return (
      <Editor
        value={editing}
        onChange={onEditingChange}
        onDone={(apply) => {
          if (apply) store.getState().setPlaybackTime(editing);
          onEditingChange(null);
        }}
      />
    );
  }
  const setSpeed = (direction: 1 | -1) => store.getState().setPlaybackSpeed(stepSpeed(speed, direction));
  return (
    <div className="tt-playback" data-testid="playback-controls">
      <button type="button" className="tt-text-button" data-testid="edit-date-time" onClick={() => onEditingChange(now)}>
        {intl.formatMessage({ id: 'playback.edit' })}
      </button>
      <div className="tt-speed">
        <button type="button" className="tt-spin-button" data-testid="speed-down" aria-label={intl.formatMessage({ id: 'playback.slower' })} disabled={speed <= 1} onClick={() => setSpeed(-1)}>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M6 12h12" />
          </svg>
        </button>
        <output className="tt-speed-value" data-testid="speed" aria-live="polite">
          {intl.formatMessage({ id: 'playback.speed' }, { speed })}
        </output>
        <button type="button" className="tt-spin-button" data-testid="speed-up" aria-label={intl.formatMessage({ id: 'playback.faster' })} disabled={speed >= 600} onClick={() => setSpeed(1)}>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M6 12h12M12 6v12" />
          </svg>
        </button>
      </div>
    </div>
  );
}

/** Under the clock in playback: "Edit date & time", the speed −/+, and the date-time editor. */
export default function PlaybackControls(props: Props) {
  return (
    <ControlIntl>
      <Controls {...props} />
    </ControlIntl>
  );
}
