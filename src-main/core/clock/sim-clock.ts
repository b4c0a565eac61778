import type { ClockMode } from '@shared/schemas/clock.schema';
import { readClockState, writeClockState, type ClockStateRow } from '../../store/clock-state.repo';
import type { Db } from '../../store/db';
import type { ControlledClock } from './index';

export interface SimClockOptions {
  /** The wall clock (injected so tests can drive real mode). */
  wall?: () => number;
  /** The mode of a data folder that has never stored one. */
  initialMode?: ClockMode;
}

/**
 * The simulator clock: real time (at a speed factor) or manual, stored in SQLite so a restart resumes.
 * In real mode the time is anchor_sim + (wall − anchor_wall) × speed; moving it shifts the anchor, so an
 * advance in real mode jumps the clock ahead and it keeps running from there. Manual mode stands still.
 *
 * While the simulator is stopped its clock does not race: on open, the time since the last checkpoint
 * counts at real speed (×1), whatever the speed was. A manual clock resumes exactly where it stood.
 */
export class SimClock implements ControlledClock {
  private state: ClockStateRow;

  constructor(
    private readonly db: Db,
    private readonly opts: SimClockOptions = {},
  ) {
    const wall = this.wall();
    const stored = readClockState(db);
    if (!stored) {
      this.state = row(opts.initialMode ?? 'real', 1, wall, wall);
    } else {
      const sim =
        stored.mode === 'manual'
          ? stored.anchor_sim_ms
          : stored.anchor_sim_ms + Math.max(0, wall - stored.anchor_wall_ms);
      this.state = row(stored.mode, stored.speed, sim, wall);
    }
    this.persist();
  }

  private wall(): number {
    return (this.opts.wall ?? Date.now)();
  }

  now(): number {
    const s = this.state;
    if (s.mode === 'manual') return s.anchor_sim_ms;
    return s.anchor_sim_ms + Math.floor((this.wall() - s.anchor_wall_ms) * s.speed);
  }

  mode(): ClockMode {
    return this.state.mode;
  }

  speed(): number {
    return this.state.speed;
  }

  configure(mode: ClockMode, speed: number): void {
    this.state = row(mode, speed, this.now(), this.wall());
    this.persist();
  }

  moveTo(ms: number): void {
    if (ms <= this.now()) return;
    this.state = row(this.state.mode, this.state.speed, ms, this.wall());
    this.persist();
  }

  checkpoint(): void {
    this.state = row(this.state.mode, this.state.speed, this.now(), this.wall());
    this.persist();
  }

  backToWall(): void {
    const wall = this.wall();
    this.state = row(this.state.mode, this.state.speed, wall, wall);
    this.persist();
  }

  wallNow(): number {
    return this.wall();
  }

  private persist(): void {
    writeClockState(this.db, this.state);
  }
}

function row(mode: ClockMode, speed: number, sim: number, wall: number): ClockStateRow {
  return { mode, speed, anchor_sim_ms: sim, anchor_wall_ms: wall, updated_at: new Date(wall).toISOString() };
}
