import type { RawAnswer } from '@shared/rules/callback-answers';
import type { AppliedFault, MerchantFault } from '@shared/schemas/merchant-faults.schema';
import { openTempDb } from '../../../store/test-kit/main-files';
import { insertOmOrder, type OmOrderRow } from '../../../store/om-orders.repo';
import { insertPushAttempt, type PushWire } from '../../../store/push-attempts.repo';
import type { Db } from '../../../store/db';
import { ManualClock } from '../../clock';
import { EventBus } from '../../events';
import type { Logger } from '../../log';
import type { LogMarks } from '../../exchanges/log-marks';
import type { Judgement, OutboundClient, OutboundRequest } from '../../outbound/callback-client';
import { TimerService } from '../../timers/timer-service';
import { PushFaultCalls, type PushFaults } from '../push-fault-calls';
import { PushService } from '../push-service';
import { PushWireMarks } from '../../../store/push-wire-marks';
import { PUSH_RESEND_KIND } from '../push-recovery';

/*
 * For the push modules' unit tests: the real schedule (PushService on a real SQLite file, its timers
 * fired by the real TimerService on a manual clock) with the merchant, the exchange log and the
 * merchant faults played by recorders. No socket: what goes over the wire is push-schedule.test.ts's.
 */

/** A logger that keeps what it was told. */
export function recordingLogger(): Logger & { lines: [string, string][] } {
  const lines: [string, string][] = [];
  return {
    lines,
    info: (m: string) => void lines.push(['info', m]),
    warn: (m: string) => void lines.push(['warn', m]),
    error: (m: string) => void lines.push(['error', m]),
  };
}

/** The merchant as the outbound client meets it: every request kept, each answered by `answer`. */
export class FakeOutbound {
  readonly sent: OutboundRequest[] = [];
  answer: (req: OutboundRequest) => RawAnswer = () => ({ status: 200, headers: {}, body: null });
  /** Awaited after the request is written and before the merchant answers (a slow merchant). */
  beforeAnswer: () => Promise<void> = () => Promise.resolve();
  private next = 0;

  async send<T>(req: OutboundRequest, judge: (a: RawAnswer) => Judgement<T>) {
    req.onWrite?.();
    this.sent.push(req);
    await this.beforeAnswer();
    const answer = this.answer(req);
    const exchangeId = req.exchangeId ?? `x-${++this.next}`;
    return { value: judge(answer).value, exchangeId, answer, durationMs: 7, abandoned: false };
  }

  asClient(): OutboundClient {
    return this as unknown as OutboundClient;
  }
}

/** The exchange log's marks: every mark settled at once, unless `held` (then settled by `release`). */
export class FakeLogMarks implements LogMarks {
  held = false;
  private count = 0;
  private settledUpTo = 0;
  private waiters: { mark: number; resolve: () => void }[] = [];
  mark(): number {
    this.count++;
    if (!this.held) this.settledUpTo = this.count;
    return this.count;
  }
  settled(mark: number): boolean {
    return mark <= this.settledUpTo;
  }
  whenSettled(mark: number): Promise<void> {
    if (this.settled(mark)) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ mark, resolve }));
  }
  /** The log has written everything recorded so far. */
  release(): void {
    this.held = false;
    this.settledUpTo = this.count;
    for (const w of this.waiters.splice(0)) w.resolve();
  }
}

/** The merchant faults switched on per order, and the applied ones recorded. */
export class FakeFaults implements PushFaults {
  readonly switchedOn = new Set<MerchantFault>();
  readonly recorded: { orderId: string; applied: AppliedFault }[] = [];
  on(_orderId: string, fault: MerchantFault): boolean {
    return this.switchedOn.has(fault);
  }
  record(orderId: string, applied: AppliedFault): void {
    this.recorded.push({ orderId, applied });
  }
}

export interface PushUnitEnv {
  db: Db;
  clock: ManualClock;
  timers: TimerService;
  outbound: FakeOutbound;
  logMarks: FakeLogMarks;
  faults: FakeFaults;
  events: EventBus;
  log: ReturnType<typeof recordingLogger>;
  push: PushService;
  /** A new PushService (and its timers) on the same file, as a restart would build them. */
  restart(): { push: PushService; timers: TimerService };
}

/**
 * PushService on a fresh SQLite file, its two timer kinds registered as createCore does. With
 * `wireMarks`, "written" goes to the marks file beside it (PushWireMarks, as a real start does);
 * without, into the attempt's row (as for a database in memory).
 */
export function pushUnitEnv(timeoutMs = 10_000, wireMarks = false): PushUnitEnv {
  const db = openTempDb();
  const clock = new ManualClock();
  const log = recordingLogger();
  const timers = new TimerService(db, clock, log);
  const outbound = new FakeOutbound();
  const logMarks = new FakeLogMarks();
  const faults = new FakeFaults();
  const events = new EventBus();
  const build = (t: TimerService) => {
    const calls = new PushFaultCalls(outbound.asClient(), clock, logMarks, faults);
    const timeout = () => timeoutMs;
    const marks = wireMarks ? PushWireMarks.open(db) : null;
    return new PushService(db, clock, t, outbound.asClient(), events, log, timeout, logMarks, calls, marks);
  };
  const push = build(timers);
  timers.register('push.attempt', push.attemptTimer);
  timers.register(PUSH_RESEND_KIND, push.resendTimer);
  const restart = () => {
    const again = new TimerService(db, clock, log);
    const p = build(again);
    again.register('push.attempt', p.attemptTimer);
    again.register(PUSH_RESEND_KIND, p.resendTimer);
    return { push: p, timers: again };
  };
  return { db, clock, timers, outbound, logMarks, faults, events, log, push, restart };
}

/**
 * A completed order whose push schedule `push.start` began (as order management does, in one go):
 * its om_orders row names the schedule, so the attempts are listed under it.
 */
export function startedOrder(
  env: PushUnitEnv,
  orderId = 'order-1',
  url = `https://merchant.test/push?o=${orderId}`,
  opts: { immediate?: boolean } = {},
): { orderId: string; firstDueMs: number; schedule: number } {
  const completed = env.clock.now();
  const start = env.push.start(orderId, url, completed, opts);
  storeOrder(env.db, orderId, completed, { first_push_ms: start.firstDueMs, push_schedule: start.schedule });
  return { orderId, ...start };
}

/**
 * An om_orders row of an authorized order stored at `atMs` (as order management writes one), without
 * a push schedule unless `more` names one.
 */
export function storeOrder(db: Db, orderId: string, atMs: number, more: Partial<OmOrderRow> = {}): void {
  const at = new Date(atMs).toISOString();
  insertOmOrder(db, {
    order_id: orderId,
    status: 'AUTHORIZED',
    fraud_status: 'ACCEPTED',
    doc: '{}',
    state: '{}',
    acknowledged_at: null,
    first_push_ms: null,
    push_schedule: null,
    created_at: at,
    updated_at: at,
    ...more,
  });
}

/** A push attempt a killed run left 'sending' (no answer, no exchange yet), `wire` where it got to. */
export function leftSending(
  db: Db,
  a: {
    schedule: number;
    orderId: string;
    number: number;
    dueMs: number;
    sentMs?: number;
    wire: PushWire;
    planned: string | null;
    claim: string | null;
  },
): number {
  return insertPushAttempt(db, {
    schedule: a.schedule,
    order_id: a.orderId,
    number: a.number,
    due_ms: a.dueMs,
    sent_ms: a.sentMs ?? a.dueMs,
    status: null,
    duration_ms: null,
    outcome: 'sending',
    exchange_id: null,
    wire: a.wire,
    planned_exchange: a.planned,
    claim: a.claim,
  });
}
