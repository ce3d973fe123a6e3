/**
 * Work cut into steps, so that it can run in the main thread's idle time
 * without one long task: a generator that yields between slices of at most a
 * few milliseconds and returns its result. `yield*` composes them.
 *
 * @module
 */

/** Work done in steps: each `next()` does one slice; the last returns the result. */
export type Steps<T> = Generator<void, T, void>;

/** Runs the steps left to the end, now, and returns the result. */
export function finishSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * Runs steps while `timeLeft()` says there is time (at least one step, so the
 * work always advances); returns the result when the last step ran, else
 * `undefined`.
 */
export function runStepsWhile<T>(steps: Steps<T>, timeLeft: () => boolean): { value: T } | undefined {
  do {
    const step = steps.next();
    if (step.done) return { value: step.value };
  } while (timeLeft());
  return undefined;
}
