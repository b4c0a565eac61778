import { CALLBACK_KEYS } from '@shared/schemas/checkout-order.schema';
import { type Exchange } from '@shared/schemas/exchange.schema';
import { TLS_RULE } from '@shared/rules/production-tls';
import { type HistoryEntry, type Phase } from './session-view';

/**
 * What an order's first screen says first (issue 34 point 2): its worst state. Failures, worst first, are
 * push given up, a callback that failed, a refused payment, and a completed purchase production would
 * refuse; then the closed states; `null` for an open order with nothing wrong (its stepper says enough).
 */
export type VerdictState =
  | 'push-given-up'
  | 'callback-failed'
  | 'payment-refused'
  | 'production-refuses'
  | 'completed'
  | 'expired'
  | 'aborted';

export interface OrderVerdict {
  state: VerdictState;
  /** `bad` is the failure colour; `ok` the success one; `neutral` for an order closed without a failure. */
  tone: 'bad' | 'ok' | 'neutral';
  title: string;
  sentence: string;
  /** The exchange that shows it, when one does. */
  exchangeId?: string;
}

/** Where the order's push stands, as the push timeline says (null before the purchase completed). */
export interface PushFacts {
  attempts: number;
  acknowledged: boolean;
  /** No attempt is left to make (the 48 hours are over). */
  exhausted: boolean;
}

export interface VerdictInput {
  phase: Phase;
  history: readonly HistoryEntry[];
  exchanges: readonly Exchange[];
  push: PushFacts | null;
}

const CALLBACKS = new Set<string>(CALLBACK_KEYS);
const FAILED_OUTCOMES = new Set(['failed', 'timeout', 'bad_status', 'unreachable', 'refused', 'interrupted']);

/** Whether a callback exchange failed: nothing answered, the server erred, or the simulator counted it failed. */
export function callbackFailed(e: Pick<Exchange, 'status' | 'outcome'>): boolean {
  return e.status === null || e.status >= 500 || (e.outcome !== null && FAILED_OUTCOMES.has(e.outcome));
}

/** The order's worst state, in words, for the top of its page. */
export function orderVerdict(input: VerdictInput): OrderVerdict | null {
  return (
    pushGivenUp(input.push) ??
    failedCallback(input.exchanges) ??
    refusedPayment(input.history, input.phase) ??
    productionRefuses(input) ??
    closed(input.phase)
  );
}

function pushGivenUp(push: PushFacts | null): OrderVerdict | null {
  if (!push || push.acknowledged || !push.exhausted) return null;
  return {
    state: 'push-given-up',
    tone: 'bad',
    title: 'Never acknowledged',
    sentence: `All ${push.attempts} push attempts were made and push stopped 48 hours after the first: your server never acknowledged the order, which production treats as an integration failure.`,
  };
}

/** The newest call of each callback kind; one that failed is the order's failure. */
function failedCallback(exchanges: readonly Exchange[]): OrderVerdict | null {
  const newest = new Map<string, Exchange>();
  for (const e of exchanges) {
    if (e.direction !== 'out' || !CALLBACKS.has(e.kind)) continue;
    const seen = newest.get(e.kind);
    if (!seen || e.at >= seen.at) newest.set(e.kind, e);
  }
  const failed = [...newest.values()].filter(callbackFailed).sort((a, b) => (a.at < b.at ? 1 : -1));
  const e = failed[0];
  if (!e) return null;
  const answer = e.status === null ? 'no answer' : `answered ${e.status}`;
  return {
    state: 'callback-failed',
    tone: 'bad',
    title: 'A callback failed',
    sentence: `${e.kind}: ${answer}${e.outcome ? ` (${e.outcome})` : ''}.`,
    exchangeId: e.id,
  };
}

function refusedPayment(history: readonly HistoryEntry[], phase: Phase): OrderVerdict | null {
  if (phase === 'completed') return null;
  const pay = history.filter((h) => h.step === 'complete').at(-1);
  if (!pay || !['rejected', 'denied', 'failed'].includes(pay.outcome)) return null;
  return {
    state: 'payment-refused',
    tone: 'bad',
    title: 'Payment refused',
    sentence: pay.message,
    ...(pay.exchange_ids.length > 0 ? { exchangeId: pay.exchange_ids.at(-1)! } : {}),
  };
}

/**
 * A completed purchase whose exchanges broke a rule production enforces. Plain-http URLs are not counted:
 * every local callback is one, the sidebar says the TLS rules are off, and the page counts them quietly.
 */
function productionRefuses({ phase, exchanges }: VerdictInput): OrderVerdict | null {
  if (phase !== 'completed') return null;
  const broke = exchanges.filter((e) => e.violations.some((v) => v.rule !== TLS_RULE));
  const last = broke.at(-1);
  if (!last) return null;
  const rule = last.violations.find((v) => v.rule !== TLS_RULE)!;
  return {
    state: 'production-refuses',
    tone: 'bad',
    title: 'Completed here, refused in production',
    sentence: `${last.kind}: ${rule.message}${broke.length > 1 ? ` (and ${broke.length - 1} more exchange${broke.length > 2 ? 's' : ''})` : ''}.`,
    exchangeId: last.id,
  };
}

const CLOSED: Record<Exclude<Phase, 'open'>, Pick<OrderVerdict, 'tone' | 'title' | 'sentence'>> = {
  completed: {
    tone: 'ok',
    title: 'Purchase complete',
    sentence: 'The customer can no longer change this session.',
  },
  expired: {
    tone: 'neutral',
    title: 'Expired',
    sentence:
      '48 hours after the last merchant update or customer interaction: it answers as an expired order and takes no steps.',
  },
  aborted: {
    tone: 'neutral',
    title: 'Aborted',
    sentence: 'The merchant aborted this session: it takes no more steps.',
  },
};

function closed(phase: Phase): OrderVerdict | null {
  return phase === 'open' ? null : { state: phase, ...CLOSED[phase] };
}

/** Push facts from the order's push timeline (null before the purchase completed). */
export function pushFacts(
  t: { attempts: readonly unknown[]; acknowledged_at: string | null; next_attempt_at: string | null } | null,
): PushFacts | null {
  if (!t) return null;
  return {
    attempts: t.attempts.length,
    acknowledged: t.acknowledged_at !== null,
    exhausted: t.next_attempt_at === null && t.attempts.length > 0,
  };
}

/**
 * The stepper once the verdict is known: after a failure of a completed purchase, its last tile is not ✓
 * (push given up, a callback failed, production would refuse it): it is ✗, with the verdict's title.
 */
export function tilesAfter<T extends { key: string; state: string; summary: string; why?: string }>(
  items: readonly T[],
  verdict: OrderVerdict | null,
): T[] {
  if (verdict?.tone !== 'bad') return [...items];
  return items.map((item) =>
    item.key === 'after' && item.state === 'done'
      ? { ...item, state: 'failed', summary: verdict.title.toLowerCase(), why: verdict.sentence }
      : item,
  );
}
