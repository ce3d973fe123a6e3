/**
 * The error notices of the app page as a list: one notice per failing data source or plugin, holding each
 * distinct message it reported, so that repeated or several errors stack compactly.
 *
 * @module
 */

/** What failed, as the notice names it. */
export interface NoticeInput {
  /** A data source or a plugin. */
  kind: 'dataSource' | 'plugin';
  /** Its id (data source id, plugin id). */
  id: string;
  /** How a person knows it: the data source's URL, the plugin's name. */
  name: string;
  /** The `error` event's message (what, where, why), shown under "Details". */
  message: string;
  /** Whether the data source failed as a whole (could not be loaded), not only had a problem. */
  failed?: boolean;
}

/** One notice: a data source or plugin and the distinct messages it reported, oldest first. */
export interface ErrorNotice {
  key: string;
  kind: NoticeInput['kind'];
  name: string;
  messages: string[];
  /** Whether any of its errors made the data source fail. */
  failed: boolean;
}

/** The list with `input` in it: a new notice at the end, or its message added to its source's notice (the same list when already there). */
export function addNotice(list: readonly ErrorNotice[], input: NoticeInput): readonly ErrorNotice[] {
  const key = `${input.kind}:${input.id}`;
  const existing = list.find((n) => n.key === key);
  const failed = input.failed ?? false;
  if (!existing) return [...list, { key, kind: input.kind, name: input.name, messages: [input.message], failed }];
  if (existing.messages.includes(input.message) && (existing.failed || !failed)) return list;
  const messages = existing.messages.includes(input.message) ? existing.messages : [...existing.messages, input.message];
  return list.map((n) => (n === existing ? { ...n, messages, failed: n.failed || failed } : n));
}

/** The list without the notice of `key`. */
export function dismissNotice(list: readonly ErrorNotice[], key: string): readonly ErrorNotice[] {
  return list.filter((n) => n.key !== key);
}
