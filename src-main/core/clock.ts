/** The simulator's clock. Every service reads time through it, so tests and the console can move it. */
export interface Clock {
  /** Milliseconds since the epoch on the simulator's clock. */
  now(): number;
}

/** The wall clock. */
export const systemClock: Clock = { now: () => Date.now() };

/** A clock moved only by hand, for tests. */
export class ManualClock implements Clock {
  constructor(private t = Date.parse('2026-01-01T00:00:00Z')) {}
  now(): number {
    return this.t;
  }
  advance(ms: number): void {
    this.t += ms;
  }
}

export const isoAt = (clock: Clock): string => new Date(clock.now()).toISOString();
