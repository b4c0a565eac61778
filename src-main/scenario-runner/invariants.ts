import { INVARIANT_TEXT, type Invariant } from '@shared/rules/invariants';
import type { Exchange } from '@shared/schemas/exchange.schema';
import type { PushTimeline } from '@shared/schemas/push.schema';
import { fail, pass, plural, timedOut, type Verdict } from './expect-calls';
import type { Evidence } from './evidence-shape';

/*
 * The built-in invariants of explore (shared/rules/invariants.ts), judged like any expectation from what
 * the simulator recorded: the order's exchanges, its push timeline, and the merchant's pages the scenario
 * opened. Each failure names the exchanges that show it, in the merchant's own answers.
 */

/** The one rule every http:// callback URL breaks on this machine; flagged, not the merchant's bug here. */
const HTTP_URL_RULE = 'checkout-callbacks.authentication';

const ids = (xs: Exchange[]) => xs.map((x) => x.id);
const callbacks = (ev: Evidence) => ev.exchanges.filter((x) => x.direction === 'out' && !x.replay_of);
/** `push (duplicate_push) → 500`: an exchange as a finding's sentence names it. */
export const exchangeWords = (x: Exchange) =>
  `${x.kind}${x.fault ? ` (${x.fault})` : ''} → ${x.status ?? (x.response.body ?? 'no answer').slice(0, 60)}`;

/** Judges a built-in invariant on a scenario's evidence (`state`: its merchant-state URL, if it has one). */
export function invariant(name: Invariant, ev: Evidence, state?: string): [string, Verdict] {
  const text = `invariant ${name}: ${INVARIANT_TEXT[name]}`;
  return [text, JUDGES[name](ev, state)];
}

const JUDGES: Record<Invariant, (ev: Evidence, state?: string) => Verdict> = {
  one_merchant_order: oneMerchantOrder,
  callback_conformance(ev) {
    const calls = callbacks(ev);
    // A 5xx answer is no_server_errors' finding: the status rule it also breaks would name it twice.
    const bad = calls.filter(
      (x) => timedOut(x) || ((x.status ?? 0) < 500 && x.violations.some((v) => v.rule !== HTTP_URL_RULE)),
    );
    const expected = 'every callback answered in time, as the spec says';
    if (!bad.length) return pass(expected, `${plural(calls.length, 'callback')}, each as the spec says`);
    const list = bad.slice(0, 4).map((x) => {
      if (timedOut(x)) return `${x.kind}: no answer within its time limit`;
      const v = x.violations.find((vi) => vi.rule !== HTTP_URL_RULE)!;
      return `${x.kind}: ${v.path} ${v.message} [${v.rule}]`;
    });
    return fail(expected, list.join('; '), ids(bad));
  },
  no_server_errors(ev) {
    const bad = callbacks(ev).filter((x) => (x.status ?? 0) >= 500);
    const pages = (ev.pages ?? []).filter((p) => p.status >= 500);
    const expected = 'no 5xx to any callback, push or page';
    if (!bad.length && !pages.length)
      return pass(
        expected,
        `${plural(callbacks(ev).length, 'callback')} and ${plural((ev.pages ?? []).length, 'page')}, none 5xx`,
      );
    const seen = [
      ...bad.slice(0, 4).map(exchangeWords),
      ...pages.slice(0, 4).map((p) => `page ${p.method} ${p.path} (${p.what}) → ${p.status}`),
    ];
    return fail(expected, seen.join('; '), ids(bad));
  },
  acknowledged(ev) {
    return ev.push
      ? acknowledgedVerdict(ev.push, ev.exchanges)
      : pass('acknowledged', 'the order never completed');
  },
  no_refused_calls(ev) {
    const mine = ev.exchanges.filter(
      (x) => x.direction === 'in' && /^(checkout|ordermanagement)\./.test(x.kind),
    );
    const bad = mine.filter((x) => (x.status ?? 0) >= 400);
    const expected = 'every call of the merchant’s to the provider API accepted';
    if (!bad.length) return pass(expected, `${plural(mine.length, 'call')}, none refused`);
    const list = bad.slice(0, 4).map((x) => `${x.method} ${pathOf(x.url)} → ${x.status} ${errorCode(x)}`);
    return fail(expected, list.join('; '), ids(bad));
  },
  one_merchant_reference(ev) {
    const sets = ev.exchanges.filter(
      (x) => x.direction === 'in' && (x.status ?? 500) < 400 && referenceOf(x) !== null,
    );
    const refs = [...new Set(sets.map((x) => referenceOf(x)!))];
    const expected = 'at most one merchant_reference1 for the order';
    if (refs.length <= 1)
      return pass(expected, refs.length ? `merchant_reference1 ${refs[0]}` : 'no merchant reference set');
    return fail(expected, `${refs.length} references: ${refs.join(', ')}`, ids(sets));
  },
};

/**
 * The merchant-state URL's count at the end: at most one shop order, and exactly one once the merchant
 * accepted a push for it (a 2xx). Only a push is "told": a shop may rightly make its order at the push
 * rather than on the confirmation page, so a 0 after the page alone is no lost order.
 */
function oneMerchantOrder(ev: Evidence, state?: string): Verdict {
  const seen = state === undefined ? undefined : ev.merchantState?.[state];
  const expected = 'one shop order once a push was accepted, never two';
  if (!seen) return fail(expected, 'the merchant-state URL was not read (no merchant_state given)', []);
  if ('problem' in seen) return fail(expected, `GET ${seen.url} ${seen.problem}`, []);
  const pushes = callbacks(ev).filter(
    (x) => x.kind === 'push' && (x.status ?? 0) >= 200 && x.status! < 300 && x.fault !== 'push_unknown_order',
  );
  const told = ev.push !== null && pushes.length > 0;
  const words = `GET ${seen.url} counts ${plural(seen.count, 'shop order')}`;
  if (seen.count > 1) return fail(expected, `${words}: a duplicate`, ids(pushes));
  if (seen.count === 0 && told)
    return fail(
      expected,
      `${words} after ${plural(pushes.length, 'push')} answered 2xx: a lost order`,
      ids(pushes),
    );
  return pass(expected, told ? words : `${words} (no push accepted yet)`);
}

function acknowledgedVerdict(push: PushTimeline, exchanges: Exchange[]): Verdict {
  const acks = exchanges.filter((x) => x.kind === 'ordermanagement.acknowledge' && (x.status ?? 500) < 400);
  const lost = push.merchant_faults.some((f) => f.fault === 'push_gives_up');
  const expected = lost
    ? 'an acknowledgement after each push answered 2xx (the service lost them)'
    : 'acknowledged before push gives up';
  const pushIds = push.attempts.map((a) => a.exchange_id).filter((x): x is string => x !== null);
  if (lost) {
    const delivered = push.attempts.filter((a) => a.outcome === 'delivered');
    const unacked = delivered.filter((a) => {
      const next = push.attempts.find((b) => b.number === a.number + 1);
      const from = Date.parse(a.sent_at);
      const to = next ? Date.parse(next.sent_at) : Infinity;
      return !acks.some((k) => Date.parse(k.at) >= from && Date.parse(k.at) < to);
    });
    if (!unacked.length)
      return pass(expected, `${plural(delivered.length, 'push')} delivered, each acknowledged again`);
    const which = unacked.map((a) => `#${a.number}`).join(', ');
    return fail(
      expected,
      `no acknowledgement after push ${which} (${plural(acks.length, 'acknowledgement')} in all)`,
      [...unacked.map((a) => a.exchange_id).filter((x): x is string => x !== null), ...ids(acks)],
    );
  }
  const gaveUp = push.attempts.length > 0 && push.next_attempt_at === null && !push.acknowledged_at;
  if (!gaveUp)
    return pass(
      expected,
      push.acknowledged_at ? `acknowledged at ${push.acknowledged_at}` : 'push has not given up yet',
    );
  return fail(
    expected,
    `push gave up after ${plural(push.attempts.length, 'attempt')}, never acknowledged`,
    pushIds,
  );
}

const pathOf = (url: string) => (URL.canParse(url) ? new URL(url).pathname : url);

function errorCode(x: Exchange): string {
  try {
    const b = JSON.parse(x.response.body ?? '') as { error_code?: string };
    return b.error_code ?? '';
  } catch {
    return '';
  }
}

/** The merchant_reference1 a merchant's call set (merchant-references, an update, the create), if any. */
function referenceOf(x: Exchange): string | null {
  if (!/^(ordermanagement\.merchant_references|checkout\.(create|update))$/.test(x.kind)) return null;
  try {
    const b = JSON.parse(x.request.body ?? '') as { merchant_reference1?: unknown };
    return typeof b.merchant_reference1 === 'string' ? b.merchant_reference1 : null;
  } catch {
    return null;
  }
}
