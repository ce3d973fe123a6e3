/**
 * Recording what a page says and fetches: console messages, uncaught page
 * errors and every request URL. Start recording before `page.goto`.
 */
import type { ConsoleMessage, Page } from '@playwright/test';

export interface LoggedMessage {
  type: string;
  text: string;
  /** URL of the script (or resource) the message comes from, when known. */
  url: string;
}

export interface PageLog {
  /** Every console message, in order. */
  messages: LoggedMessage[];
  /** Uncaught exceptions and unhandled rejections. */
  pageErrors: string[];
  /** Console messages of one type ('error', 'warning', …). */
  ofType(type: string): LoggedMessage[];
  /** Everything that counts as an error: console errors and page errors, as text. */
  errors(): string[];
}

/** Starts recording console messages and page errors. */
export function collectConsole(page: Page): PageLog {
  const messages: LoggedMessage[] = [];
  const pageErrors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    messages.push({ type: message.type(), text: message.text(), url: message.location().url });
  });
  page.on('pageerror', (error) => pageErrors.push(`${error.name}: ${error.message}`));
  return {
    messages,
    pageErrors,
    ofType: (type) => messages.filter((m) => m.type === type),
    errors: () => [...messages.filter((m) => m.type === 'error').map((m) => `console.error: ${m.text}${m.url ? ` (${m.url})` : ''}`), ...pageErrors.map((e) => `page error: ${e}`)],
  };
}

/**
 * Starts recording the URL of every request made in the page's browser
 * context (documents, scripts, fetches, workers and their fetches, images, fonts).
 */
export function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.context().on('request', (request) => urls.push(request.url()));
  return urls;
}

/** The request URLs that go anywhere but `origin` (data: and blob: URLs are local and allowed). */
export function foreignRequests(urls: readonly string[], origin: string): string[] {
  return urls.filter((url) => !url.startsWith('data:') && !url.startsWith('blob:') && new URL(url).origin !== origin);
}
