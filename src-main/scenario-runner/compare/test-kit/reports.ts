import type { Exchange } from '@shared/schemas/exchange.schema';
import type { PushTimeline } from '@shared/schemas/push.schema';
import type { ScenarioReport, ScenarioResult } from '@shared/schemas/scenario-report.schema';

/* Hand-made reports for the comparison's tests: a scenario, its exchanges and its push timeline. */

export const T0 = '2026-01-01T12:00:00.000Z';
export const at = (ms: number) => new Date(Date.parse(T0) + ms).toISOString();

let seq = 0;
export function exchange(over: Partial<Exchange> & { kind: string }, answer?: unknown): Exchange {
  seq++;
  return {
    id: `ex_${seq}`,
    order_id: 'o-1',
    direction: 'out',
    method: 'POST',
    url: `http://127.0.0.1:2/kco/${over.kind}?order_id=o-1`,
    status: 200,
    duration_ms: 3,
    at: T0,
    request: { headers: {}, body: '{}' },
    response: { headers: {}, body: answer === undefined ? '{}' : JSON.stringify(answer) },
    outcome: 'applied',
    violations: [],
    ...over,
  };
}

export function push(o: {
  attempts: { ms: number; status: number | null }[];
  ackMs: number | null;
}): PushTimeline {
  return {
    order_id: 'o-1',
    status: 'AUTHORIZED',
    fraud_status: 'ACCEPTED',
    completed_at: T0,
    first_attempt_at: at(120_000),
    window_ends_at: null,
    push_url: 'http://127.0.0.1:2/kco/push',
    planned: [],
    attempts: o.attempts.map((a, i) => ({
      order_id: 'o-1',
      number: i + 1,
      due_at: at(a.ms),
      sent_at: at(a.ms),
      status: a.status,
      duration_ms: 2,
      outcome: a.status === 200 ? 'delivered' : 'bad_status',
      exchange_id: `push_${i + 1}`,
    })),
    next_attempt_at: null,
    acknowledged_at: o.ackMs === null ? null : at(o.ackMs),
    notifications: [],
    merchant_faults: [],
    expires_at: at(86_400_000 * 28),
    arrival: null,
    now: at(600_000),
  };
}

export function scenario(over: Partial<ScenarioResult>): ScenarioResult {
  return {
    name: 'Push acknowledged',
    file: 'scenarios/push.yaml',
    order_id: 'o-1',
    passed: true,
    error: null,
    duration_ms: 10,
    clock_started_at: T0,
    clock_ended_at: T0,
    steps: [],
    expectations: [],
    exchanges: [],
    push: null,
    ...over,
  };
}

export function report(scenarios: ScenarioResult[], over: Partial<ScenarioReport> = {}): ScenarioReport {
  return {
    started_at: T0,
    duration_ms: 100,
    api: 'http://127.0.0.1:1',
    merchant_url: 'http://127.0.0.1:2',
    console_url: null,
    passed: scenarios.every((s) => s.passed),
    totals: { scenarios: scenarios.length, scenarios_failed: 0, expectations: 0, expectations_failed: 0 },
    scenarios,
    ...over,
  };
}
