import type { ClockMode } from '@shared/schemas/clock.schema';
import { SimFailure } from '../errors';

/** The simulator's clock. Every service reads time through it, so tests and the console can move it. */
export interface Clock {
  /** Milliseconds since the epoch on the simulator's clock. */
  now(): number;
}

/**
 * A clock the timer system can move: the simulator clock (sim-clock.ts) and the tests' ManualClock.
 * Time only ever moves forward.
 */
export interface ControlledClock extends Clock {
  mode(): ClockMode;
  speed(): number;
  /** Changes mode and speed; the time shown does not jump. */
  configure(mode: ClockMode, speed: number): void;
  /** Moves the time forward to `ms` (ignored when that is not ahead). Real mode keeps running from there. */
  moveTo(ms: number): void;
  /** Stores the current reading, so a restart resumes from it (called as timers fire and on close). */
  checkpoint(): void;
  /**
   * Sets the time back to the computer's (the wall clock), keeping mode and speed: the one move backwards,
   * for a clock an advance left ahead. Timers keep their due times.
   */
  backToWall(): void;
  /** The computer's time, ms since the epoch. */
  wallNow(): number;
}

/** A clock moved only by hand, for tests; the timer system can move it too (advance). */
export class ManualClock implements ControlledClock {
  constructor(private t = Date.parse('2026-01-01T00:00:00Z')) {}
  now(): number {
    return this.t;
  }
  advance(ms: number): void {
    this.t += ms;
  }
  mode(): ClockMode {
    return 'manual';
  }
  speed(): number {
    return 1;
  }
  configure(mode: ClockMode): void {
    if (mode !== 'manual') throw fixedClock('a test clock: it only moves by hand');
  }
  moveTo(ms: number): void {
    if (ms > this.t) this.t = ms;
  }
  checkpoint(): void {}
  backToWall(): void {
    throw fixedClock('a test clock: it only moves by hand');
  }
  wallNow(): number {
    return Date.now();
  }
}

const fixedClock = (why: string) =>
  new SimFailure('conflict', 'CLOCK_FIXED', `this simulator runs on ${why}; its mode cannot change`);

/** Gives any Clock the controls: a plain clock (the wall clock) runs in real time and cannot be moved. */
export function asControlled(clock: Clock): ControlledClock {
  if ('moveTo' in clock && 'configure' in clock) return clock as ControlledClock;
  return {
    now: () => clock.now(),
    mode: () => 'real',
    speed: () => 1,
    configure: (mode, speed) => {
      if (mode !== 'real' || speed !== 1) throw fixedClock('a fixed wall clock');
    },
    moveTo: () => {
      throw fixedClock('a fixed wall clock');
    },
    checkpoint: () => {},
    // The wall clock is never ahead of itself.
    backToWall: () => {},
    wallNow: () => Date.now(),
  };
}

export const isoAt = (clock: Clock): string => new Date(clock.now()).toISOString();
