/**
 * The simulation clock: real time, or playback from a chosen instant at a
 * chosen speed. Everything that moves reads `now()` from one clock.
 */

export type ClockMode = 'realtime' | 'playback';

/** Playback speeds: 1–10 in steps of 1, 10–100 in steps of 10, 100–600 in steps of 100. */
export const PLAYBACK_SPEEDS: readonly number[] = [
  ...Array.from({ length: 10 }, (_, i) => i + 1),
  ...Array.from({ length: 9 }, (_, i) => (i + 2) * 10),
  ...Array.from({ length: 5 }, (_, i) => (i + 2) * 100),
];

export class SimulationClock {
  private mode_: ClockMode;
  private speed_ = 1;
  /** Simulated and real epoch ms at the last change of time or speed. */
  private baseSim: number;
  private baseReal: number;

  constructor(
    options: { mode?: ClockMode; time?: number; speed?: number } = {},
    private readonly realNow: () => number = Date.now,
  ) {
    this.mode_ = options.mode ?? (options.time === undefined ? 'realtime' : 'playback');
    this.baseReal = realNow();
    this.baseSim = options.time ?? this.baseReal;
    if (options.speed !== undefined) this.setSpeed(options.speed);
  }

  get mode(): ClockMode {
    return this.mode_;
  }

  get speed(): number {
    return this.mode_ === 'realtime' ? 1 : this.speed_;
  }

  /** Simulated epoch milliseconds. */
  now(): number {
    if (this.mode_ === 'realtime') return this.realNow();
    return this.baseSim + (this.realNow() - this.baseReal) * this.speed_;
  }

  /** Switches mode; playback starts from the current simulated time. */
  setMode(mode: ClockMode): void {
    if (mode === this.mode_) return;
    this.rebase();
    this.mode_ = mode;
    if (mode === 'realtime') this.speed_ = 1;
  }

  /** Jumps to a simulated instant (playback). */
  setTime(epochMs: number): void {
    this.baseSim = epochMs;
    this.baseReal = this.realNow();
  }

  /** Sets the playback speed (1–600). */
  setSpeed(speed: number): void {
    if (!(speed >= 1 && speed <= 600)) throw new RangeError(`Playback speed ${speed} is out of range; expected 1 to 600.`);
    this.rebase();
    this.speed_ = speed;
  }

  private rebase() {
    this.baseSim = this.now();
    this.baseReal = this.realNow();
  }
}
