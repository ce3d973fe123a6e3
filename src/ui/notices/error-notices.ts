/**
 * The error notices of the app page: a small stack over the map, under the clock, of the data sources and plugins
 * that failed, each in the interface language with the error's message under "Details", closed by its button or
 * Escape. Loaded on the first such error (none of it is in the first view). Plain DOM, like MapLibre's controls:
 * importing React, its JSX runtime or react-intl from this chunk made the bundler split them out of the chunk the
 * first view shares with the other panels, which cost the first view about 700 bytes.
 *
 * @module
 */
import { NOTICE_MESSAGES, type NoticeMessageId } from '../i18n/notice-messages.ts';
import { addNotice, dismissNotice, type ErrorNotice, type NoticeInput } from './notice-list.ts';

/** A notice message with its `{name}` argument (the only one they take) filled in. */
const format = (message: string, values: Record<string, string> = {}) => message.replace(/\{(\w+)\}/g, (all, key: string) => values[key] ?? all);

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

/** The notices of one app element. */
class NoticeBoard {
  private list: readonly ErrorNotice[] = [];
  /** Each message shown once: one that comes again after its notice was closed stays closed. */
  private readonly seen = new Set<string>();
  private readonly section = element('section', 'tt-notices');

  constructor(
    host: HTMLElement,
    private readonly messages: Record<NoticeMessageId, string>,
  ) {
    this.section.setAttribute('aria-label', this.text('notice.region'));
    this.section.hidden = true;
    host.append(this.section);
  }

  add(input: NoticeInput) {
    const seenKey = `${input.kind}:${input.id}\n${input.message}`;
    if (this.seen.has(seenKey)) return;
    this.seen.add(seenKey);
    this.set(addNotice(this.list, input));
  }

  private text(id: NoticeMessageId, values?: Record<string, string>) {
    return format(this.messages[id], values);
  }

  private set(list: readonly ErrorNotice[], focusAfter?: string) {
    if (list === this.list) return;
    const previous = new Map(this.list.map((n) => [n.key, n]));
    const existing = new Map([...this.section.querySelectorAll<HTMLElement>('.tt-notice')].map((el) => [el.dataset.key!, el]));
    this.list = list;
    // Notices that did not change keep their element (and an opened "Details").
    for (const [key, el] of existing) if (previous.get(key) !== list.find((n) => n.key === key)) el.remove();
    this.section.querySelector('.tt-notice-close-all')?.remove();
    for (const notice of list) {
      const el = existing.get(notice.key);
      this.section.append(el?.isConnected ? el : this.render(notice));
    }
    if (list.length > 1) {
      const all = element('button', 'tt-panel tt-notice-close-all', this.text('notice.closeAll'));
      all.type = 'button';
      all.addEventListener('click', () => this.set([]));
      this.section.append(all);
    }
    this.section.hidden = list.length === 0;
    if (focusAfter !== undefined) {
      this.section.querySelector<HTMLButtonElement>(`.tt-notice[data-key="${CSS.escape(focusAfter)}"] .tt-notice-close`)?.focus();
    }
  }

  private render(notice: ErrorNotice): HTMLElement {
    const box = element('div', 'tt-panel tt-notice');
    box.dataset.key = notice.key;
    box.setAttribute('role', 'alert');
    const head = element('div', 'tt-notice-head');
    const id = notice.kind === 'plugin' ? 'notice.plugin' : notice.failed ? 'notice.dataSourceFailed' : 'notice.dataSource';
    head.append(element('p', 'tt-notice-text', this.text(id, { name: notice.name })));
    const close = element('button', 'tt-notice-close', '×');
    close.type = 'button';
    close.setAttribute('aria-label', this.text('notice.close'));
    close.title = this.text('notice.close');
    close.addEventListener('click', () => this.set(dismissNotice(this.list, notice.key)));
    head.append(close);
    const details = element('details', 'tt-notice-details');
    details.append(element('summary', '', this.text('notice.details')), ...notice.messages.map((m) => element('p', '', m)));
    box.append(head, details);
    box.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      // Keep the keyboard in the stack: on to the next notice (or the one before), if there is one.
      const index = this.list.findIndex((n) => n.key === notice.key);
      const next = this.list[index + 1] ?? this.list[index - 1];
      this.set(dismissNotice(this.list, notice.key), next?.key);
    });
    return box;
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
    board = new NoticeBoard(host, NOTICE_MESSAGES[lang as keyof typeof NOTICE_MESSAGES] ?? NOTICE_MESSAGES.en);
    boards.set(host, board);
  }
  board.add(input);
}
