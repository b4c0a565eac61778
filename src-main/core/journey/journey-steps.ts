import type { Exchange } from '@shared/schemas/exchange.schema';
import type { ScenarioStep } from '@shared/schemas/scenario.schema';
import type { StepHistoryEntry } from '@shared/schemas/session.schema';
import { advanceParts, offsetText } from './journey-durations';
import type { JourneyRecords } from './journey-records';

/** A step or expectation of the file, and the comment that says where it came from. */
export interface Commented<T> {
  value: T;
  comment?: string;
}

/** Something that happened at a time: a step to take again, or a timer the clock must reach. */
interface Point {
  at: number;
  /** Steps first among points at one time: a push due at the completion goes after it. */
  rank: number;
  step?: ScenarioStep;
  comment?: string;
  /** Before the purchase, a pause under a minute is the customer reading: not a clock move. */
  customer?: boolean;
}

const ms = (iso: string) => Date.parse(iso);
const json = (text: string | null): unknown => {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
};
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
/** Inbound calls the simulator's console made acting as the merchant (merchant-gateway.ts marks them). */
export const byConsole = (x: Exchange) => x.request.headers['x-sim-caller'] === 'console';

/** The customer's input of a step: as the history kept it, else as /test_helpers received it. */
function inputOf(
  entry: StepHistoryEntry,
  fallback: Map<string, Exchange[]>,
): Record<string, unknown> | undefined {
  const logged = fallback.get(entry.step)?.shift();
  if (entry.input) return entry.input as Record<string, unknown>;
  const body = json(logged?.request.body ?? null);
  return body && typeof body === 'object' ? (body as Record<string, unknown>) : undefined;
}

function stepOf(
  entry: StepHistoryEntry,
  input: Record<string, unknown> | undefined,
  r: JourneyRecords,
): ScenarioStep | null {
  switch (entry.step) {
    case 'country':
      return typeof input?.country === 'string' ? { country: input.country.toUpperCase() } : null;
    case 'address': {
      if (!input?.billing_address) return null;
      const { billing_address, shipping_address } = input as {
        billing_address: Record<string, unknown>;
        shipping_address?: Record<string, unknown>;
      };
      return {
        address: {
          billing_address,
          ...(shipping_address && !same(shipping_address, billing_address) ? { shipping_address } : {}),
        },
      } as ScenarioStep;
    }
    case 'shipping_option': {
      if (typeof input?.id !== 'string') return null;
      const keys = Object.keys(input).filter((k) => input[k] !== undefined);
      return { shipping_option: keys.length === 1 ? input.id : input } as ScenarioStep;
    }
    case 'complete': {
      const fraud = input?.fraud_status as 'PENDING' | 'REJECTED' | 'ACCEPTED' | undefined;
      const arrival = (input?.arrival as string | undefined) ?? r.session.state.arrival?.mode;
      const value = {
        ...(fraud && fraud !== 'ACCEPTED' ? { fraud_status: fraud } : {}),
        ...(arrival && arrival !== 'redirect_first' ? { arrival } : {}),
      };
      return { complete: Object.keys(value).length ? value : null } as ScenarioStep;
    }
    default:
      return null;
  }
}

/** A merchant request the journey cannot make again (the console's, or one whose origin is unknown). */
export interface LeftOut {
  at: number;
  text: string;
}

/** State-changing calls of the merchant after the purchase (reads, acknowledgements and references aside). */
const BACK_OFFICE = /^ordermanagement\.(?!read|acknowledge|merchant_references)|^checkout\.update$/;

/**
 * The customer's steps, the fraud reviews resolved, the sample shop's shipping (its capture) and the
 * push attempts, in time order; the calls of the merchant's that cannot be made again are listed apart.
 */
function pointsOf(r: JourneyRecords, shop: boolean): { points: Point[]; leftOut: LeftOut[] } {
  const start = ms(r.session.createdAt);
  const points: Point[] = [];
  const leftOut: LeftOut[] = [];
  const fallback = new Map<string, Exchange[]>();
  for (const x of r.exchanges) {
    const m = /^test_helpers\.(country|address|shipping_option|complete)$/.exec(x.kind);
    if (m && x.status === 200) fallback.set(m[1]!, [...(fallback.get(m[1]!) ?? []), x]);
  }
  for (const entry of r.session.state.history) {
    const at = ms(entry.at);
    const step = stepOf(entry, inputOf(entry, fallback), r);
    const when = offsetText(at - start);
    if (step) {
      points.push({ at, rank: 0, step, customer: true, comment: `seen: ${entry.outcome} at ${when}` });
    } else {
      const why =
        entry.step === 'upsell' || entry.step === 'upsell_accept'
          ? 'scenario files have no upsell step'
          : 'its input was not recorded';
      leftOut.push({ at, text: `the customer's ${entry.step} step at ${when} (${why})` });
    }
  }
  for (const n of r.om?.notifications ?? []) {
    const status = /FRAUD_RISK_(ACCEPTED|REJECTED)/.exec(n.event_type)?.[1] as 'ACCEPTED' | undefined;
    if (n.fault || !status) continue;
    points.push({ at: ms(n.at), rank: 1, step: { fraud_status: status }, comment: 'seen: review resolved' });
  }
  for (const x of r.exchanges) {
    if (x.direction !== 'in' || !BACK_OFFICE.test(x.kind) || (x.status ?? 500) >= 400) continue;
    const at = ms(x.at);
    const when = offsetText(at - start);
    if (byConsole(x)) {
      leftOut.push({ at, text: `${x.kind} from the console at ${when} (no step acts as the console)` });
    } else if (shop && x.kind === 'ordermanagement.capture') {
      const ship = { method: 'POST' as const, path: '/orders/ship', form: { order_id: '{order_id}' } };
      points.push({ at, rank: 2, step: { merchant: ship }, comment: `seen: the shop captured at ${when}` });
    } else if (!reaction(r.exchanges, x)) {
      leftOut.push({
        at,
        text: `${x.method} ${x.kind} at ${when} (the merchant's own: where from is not recorded)`,
      });
    }
  }
  const attempts = r.push?.attempts ?? [];
  attempts.forEach((a, i) => {
    if (i > 0 && a.sent_at === attempts[i - 1]!.sent_at) return;
    const answer = a.status === null ? a.outcome : `answered ${a.status}`;
    points.push({ at: ms(a.sent_at), rank: 3, comment: `push attempt ${a.number} ${answer}` });
  });
  points.sort((a, b) => a.at - b.at || a.rank - b.rank);
  return { points, leftOut };
}

/** A call of the merchant's made while it answered the simulator (within 5 s of a call to it). */
function reaction(all: Exchange[], x: Exchange): boolean {
  const at = ms(x.at);
  return all.some((o) => o.direction === 'out' && at - ms(o.at) >= 0 && at - ms(o.at) <= 5000);
}

/**
 * The scenario's steps: each of the journey's in turn, with the clock moved between them as it moved
 * then (pauses under a minute before the purchase are left out, the rest rounded to whole seconds).
 */
export function journeySteps(
  r: JourneyRecords,
  shop: boolean,
): { steps: Commented<ScenarioStep>[]; leftOut: LeftOut[] } {
  const { points, leftOut } = pointsOf(r, shop);
  const start = ms(r.session.createdAt);
  const steps: Commented<ScenarioStep>[] = [];
  let prev = start;
  let paid = false;
  for (const p of points) {
    const gap = p.at - prev;
    const parts =
      p.customer && !paid
        ? gap >= 60_000
          ? advanceParts(Math.round(gap / 60_000) * 60_000)
          : []
        : advanceParts(gap);
    prev = p.at;
    const when = offsetText(p.at - start);
    parts.forEach((d, i) => {
      const last = i === parts.length - 1;
      steps.push({
        value: { advance: d },
        ...(last && !p.step ? { comment: `seen: ${p.comment} at ${when}` } : {}),
      });
    });
    if (p.step) steps.push({ value: p.step, comment: p.comment });
    else if (parts.length === 0 && steps.length > 0) {
      const before = steps[steps.length - 1]!;
      before.comment = [before.comment, `then ${p.comment}`].filter(Boolean).join('; ');
    }
    if (p.step && 'complete' in p.step) paid = true;
  }
  return { steps, leftOut };
}
