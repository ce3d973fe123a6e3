/**
 * The error notices of the app page: a small stack over the map, under the clock, of the data sources and plugins
 * that failed, each in the interface language with the error's message under "Details", closed by its button or
 * Escape. Loaded on the first such error (none of it is in the first view).
 *
 * @module
 */
import { useSyncExternalStore, type KeyboardEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { IntlProvider, useIntl } from 'react-intl';
import { INTERFACE_LANGUAGES, type InterfaceLanguage } from '../../data/languages.ts';
import { NOTICE_MESSAGES, type NoticeMessageId } from '../i18n/notice-messages.ts';
import { addNotice, dismissNotice, type ErrorNotice, type NoticeInput } from './notice-list.ts';

/** The notices of one page element, and who draws them. */
class NoticeBoard {
  private list: readonly ErrorNotice[] = [];
  /** Each message shown once: one that comes again after its notice was closed stays closed. */
  private readonly seen = new Set<string>();
  private readonly listeners = new Set<() => void>();

  add(input: NoticeInput) {
    const seenKey = `${input.kind}:${input.id}\n${input.message}`;
    if (this.seen.has(seenKey)) return;
    this.seen.add(seenKey);
    this.set(addNotice(this.list, input));
  }
  dismiss(key: string) {
    this.set(dismissNotice(this.list, key));
  }
  dismissAll() {
    this.set([]);
  }
  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  readonly snapshot = () => this.list;
  private set(list: readonly ErrorNotice[]) {
    if (list === this.list) return;
    this.list = list;
    for (const listener of this.listeners) listener();
  }
}

const boards = new WeakMap<HTMLElement, NoticeBoard>();

/**
 * Shows a notice of a failed data source or plugin in `host` (the app's root element), in the interface language
 * `lang`; a message already shown is not shown again.
 */
export function showErrorNotice(host: HTMLElement, lang: string, input: NoticeInput): void {
  let board = boards.get(host);
  if (!board) {
    board = new NoticeBoard();
    boards.set(host, board);
    const element = document.createElement('div');
    element.className = 'tt-notices-host';
    host.append(element);
    const locale: InterfaceLanguage = (INTERFACE_LANGUAGES as readonly string[]).includes(lang) ? (lang as InterfaceLanguage) : 'en';
    createRoot(element).render(
      <IntlProvider locale={locale} messages={NOTICE_MESSAGES[locale]} defaultLocale="en">
        <ErrorNotices board={board} />
      </IntlProvider>,
    );
  }
  board.add(input);
}

function ErrorNotices({ board }: { board: NoticeBoard }) {
  const notices = useSyncExternalStore(board.subscribe, board.snapshot);
  const intl = useIntl();
  const text = (id: NoticeMessageId, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  if (notices.length === 0) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLElement>, key: string) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    // Keep the keyboard in the stack: on to the next notice's close button, if there is one.
    const next = event.currentTarget.nextElementSibling?.querySelector<HTMLButtonElement>('.tt-notice-close') ?? event.currentTarget.previousElementSibling?.querySelector<HTMLButtonElement>('.tt-notice-close');
    board.dismiss(key);
    next?.focus();
  };

  return (
    <section className="tt-notices" aria-label={text('notice.region')}>
      {notices.map((notice) => (
        <div key={notice.key} className="tt-panel tt-notice" role="alert" onKeyDown={(e) => onKeyDown(e, notice.key)}>
          <div className="tt-notice-head">
            <p className="tt-notice-text">{text(notice.kind === 'plugin' ? 'notice.plugin' : notice.failed ? 'notice.dataSourceFailed' : 'notice.dataSource', { name: notice.name })}</p>
            <button type="button" className="tt-notice-close" aria-label={text('notice.close')} title={text('notice.close')} onClick={() => board.dismiss(notice.key)}>
              ×
            </button>
          </div>
          <details className="tt-notice-details">
            <summary>{text('notice.details')}</summary>
            {notice.messages.map((message) => (
              <p key={message}>{message}</p>
            ))}
          </details>
        </div>
      ))}
      {notices.length > 1 && (
        <button type="button" className="tt-panel tt-notice-close-all" onClick={() => board.dismissAll()}>
          {text('notice.closeAll')}
        </button>
      )}
    </section>
  );
}
