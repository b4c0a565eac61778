import { randomBytes } from 'node:crypto';
import type { testClockOps } from '@shared/contract/test-clock-ops';
import { schemaProblems } from '@shared/rules/schema-problems';
import type { Fired } from '@shared/schemas/clock.schema';
import {
  TestClockAdvanceSchema,
  TestClockBindSchema,
  TestClockCreateSchema,
  type TestClockAdvanceResult,
  type TestClockView,
} from '@shared/schemas/test-clock.schema';
import { inTransaction, type Db } from '../../store/db';
import { bindToClock, deleteTestClock, insertTestClock } from '../../store/test-clocks.repo';
import type { Handlers } from '../control';
import { invalid, notFound } from '../errors';
import type { EventBus } from '../events';
import type { ClockRegistry, TestClock } from './clock-registry';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * What test clocks need of the timers, owned here so that clock/ stays below timers/ (the timers read the
 * clocks); the TimerService is one, handed in by createCore.
 */
export interface ClockTimers {
  nextDue(clockId: string | null): number | null;
  pendingCount(clockId: string | null): number;
  /** Fires the timers of `on` due up to `uptoMs`, moving that clock along when `moveClock`. */
  fireDue(uptoMs: number, moveClock: boolean, on: TestClock): Promise<{ fired: Fired[]; total: number }>;
}

export interface TestClocksDeps {
  db: Db;
  registry: ClockRegistry;
  timers: ClockTimers;
  events: EventBus;
  /** Whether a checkout order or an in-person session of that id exists (only those can be bound). */
  exists: (kind: 'order' | 'ipp_session', id: string) => boolean;
}

/**
 * Test clocks as objects: create, read, list, advance, bind, delete (the `/test_helpers/test_clocks`
 * routes and the console). Deleting a clock is always allowed: what was bound to it goes back onto the
 * simulator clock with its pending timers (their due times unchanged), so a test that forgets to unbind
 * leaves nothing stranded on a clock nobody can advance.
 */
export class TestClocks {
  constructor(private readonly d: TestClocksDeps) {}

  list(): TestClockView[] {
    return this.d.registry.all().map((c) => this.view(c));
  }

  get(id: string): TestClockView | null {
    const c = this.d.registry.get(id);
    return c ? this.view(c) : null;
  }

  create(input: unknown): TestClockView {
    const parsed = TestClockCreateSchema.optional().safeParse(input);
    if (!parsed.success) throw invalid(schemaProblems(parsed.error));
    const { name, frozen_time } = parsed.data ?? {};
    const created = this.d.registry.sim.now();
    const id = `clock_${randomBytes(8).toString('hex')}`;
    insertTestClock(this.d.db, {
      clock_id: id,
      name: name ?? null,
      now_ms: frozen_time === undefined ? created : Date.parse(frozen_time),
      created_ms: created,
      created_at: iso(created),
    });
    return this.changed(this.d.registry.added(id));
  }

  bind(input: unknown): TestClockView {
    const parsed = TestClockBindSchema.safeParse(input);
    if (!parsed.success) throw invalid(schemaProblems(parsed.error));
    const clock = this.mustGet(parsed.data.clockId);
    const [kind, id] =
      parsed.data.order_id !== undefined
        ? (['order', parsed.data.order_id] as const)
        : (['ipp_session', parsed.data.session_id!] as const);
    if (!this.d.exists(kind, id)) {
      throw kind === 'order'
        ? notFound(`checkout order ${id}`, 'NO_SUCH_ORDER')
        : notFound(`in-person session ${id}`, 'NO_SUCH_SESSION');
    }
    const row = { subject: id, kind, clock_id: clock.id, bound_at: iso(clock.now()) };
    inTransaction(this.d.db, () => bindToClock(this.d.db, row));
    this.d.registry.boundTo(row);
    return this.changed(clock);
  }

  /** `{"seconds": N}` or `{"until": "next_event"}`: fires this clock's timers that came due, in due order. */
  async advance(input: unknown): Promise<TestClockAdvanceResult> {
    const parsed = TestClockAdvanceSchema.safeParse(input);
    if (!parsed.success) throw invalid(schemaProblems(parsed.error));
    const clock = this.mustGet(parsed.data.clockId);
    const { seconds } = parsed.data;
    const target =
      seconds !== undefined ? clock.now() + Math.round(seconds * 1000) : this.d.timers.nextDue(clock.id);
    const report =
      target === null ? { fired: [], total: 0 } : await this.d.timers.fireDue(target, true, clock);
    if (target !== null) clock.moveTo(target);
    return { ...this.changed(clock), fired: report.fired, fired_total: report.total };
  }

  async delete(id: string): Promise<{ deleted: true; released: number }> {
    const clock = this.mustGet(id);
    // Firings in flight on it finish first: none of its timers may be claimed after they move back.
    await this.d.timers.fireDue(Number.NEGATIVE_INFINITY, false, clock);
    const released = this.d.registry.bindingsOf(id).length;
    inTransaction(this.d.db, () => deleteTestClock(this.d.db, id));
    this.d.registry.removed(id);
    this.d.events.emit('testClocks.changed', {});
    return { deleted: true, released };
  }

  private mustGet(id: string): TestClock {
    const c = this.d.registry.get(id);
    if (!c) throw notFound(`test clock ${id}`, 'NO_SUCH_TEST_CLOCK');
    return c;
  }

  private view(c: TestClock): TestClockView {
    const next = this.d.timers.nextDue(c.id);
    return {
      clock_id: c.id,
      name: c.info.name,
      now: iso(c.now()),
      created_at: c.info.created_at,
      next_event_at: next === null ? null : iso(next),
      pending_timers: this.d.timers.pendingCount(c.id),
      bound: this.d.registry.bindingsOf(c.id),
    };
  }

  private changed(c: TestClock): TestClockView {
    this.d.events.emit('testClocks.changed', {});
    return this.view(c);
  }
}

/** The control operations (the console, and `/test_helpers` through the generated routes). */
export function testClockHandlers(t: TestClocks): Pick<Handlers, keyof typeof testClockOps> {
  return {
    'testClocks.list': () => ({ test_clocks: t.list() }),
    'testClocks.create': (i) => t.create(i),
    'testClocks.get': (i) => t.get(i.clockId),
    'testClocks.advance': (i) => t.advance(i),
    'testClocks.bind': (i) => t.bind(i),
    'testClocks.delete': (i) => t.delete(i.clockId),
  };
}
