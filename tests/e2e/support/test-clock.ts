/**
 * The page's clock for tests of real-time data: Playwright's `page.clock` fakes `requestAnimationFrame` and timers
 * too, and under software WebGL (a frame takes seconds) its catch-up fires hundreds of queued animation frames and the
 * page stops responding. This init script shifts `Date` alone to a chosen instant instead (it keeps running, so
 * vehicles move), and can hold it still while a view is measured.
 *
 * @module
 */

/** What the init script adds to the page as `testClock`. */
export interface TestClock {
  /** Holds the page's `Date` still. */
  pause(): void;
  /** Lets it run on from where it was held. */
  resume(): void;
}

/** Page init script: `Date` (and `Date.now`) run from `target` on, and can be held still. */
export function installTestClock(target: number) {
  const RealDate = Date;
  let offset = target - RealDate.now();
  let pausedAt: number | null = null;
  const now = () => pausedAt ?? RealDate.now() + offset;
  class TestDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(now());
      else super(...(args as [string | number]));
    }
    static override now() {
      return now();
    }
  }
  (globalThis as unknown as { Date: unknown }).Date = new Proxy(TestDate, { apply: () => new TestDate().toString() });
  (globalThis as unknown as { testClock: TestClock }).testClock = {
    pause: () => {
      pausedAt = now();
    },
    resume: () => {
      if (pausedAt !== null) offset = pausedAt - RealDate.now();
      pausedAt = null;
    },
  };
}
