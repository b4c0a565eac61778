import { OrderLineSchema } from '@shared/schemas/checkout-order.schema';
import type { Device, Session, SessionHistoryEntry } from '@shared/schemas/ipp.schema';
import type { Expectation, Scenario, ScenarioStep } from '@shared/schemas/scenario.schema';
import { ScenarioSchema } from '@shared/schemas/scenario.schema';
import type { ScenarioDevice } from '@shared/schemas/scenario-in-person.schema';
import { DEFAULT_SETTINGS } from '@shared/schemas/settings.schema';
import { advanceParts, offsetText, spanText } from './journey-durations';
import { violations } from './journey-expect';
import type { JourneyRecords } from './journey-records';
import type { JourneyScenario } from './journey-scenario';
import type { Commented } from './journey-steps';

/** Everything the simulator recorded about one in-person session, as its export reads it. */
export interface InPersonRecords extends Pick<
  JourneyRecords,
  'exchanges' | 'push' | 'om' | 'savedAt' | 'version'
> {
  session: Session;
  /** The device as registered; null when it has been deregistered since. */
  device: Device | null;
}

const ms = (iso: string) => Date.parse(iso);

/** The device as the file registers it: its name, platform, location and metadata. */
function deviceOf(r: InPersonRecords): ScenarioDevice {
  const d = r.device;
  if (!d) return { name: `Device ${r.session.device_id.slice(0, 8)}`, platform: 'other' };
  const platform = (['android', 'ios'] as const).find((p) => p === d.platform) ?? 'other';
  return {
    name: d.name,
    platform,
    ...(d.location_id !== null ? { location_id: d.location_id } : {}),
    ...(Object.keys(d.metadata).length > 0 ? { metadata: d.metadata } : {}),
  };
}

const LINE_KEYS = new Set(Object.keys(OrderLineSchema.shape));

/**
 * The body the merchant sent to POST /ipp/v1/sessions, without the device (the file registers its own);
 * item fields the API keeps but does not know are left out (a scenario file refuses unknown keys).
 */
function bodyOf(s: Session, notes: string[]): Record<string, unknown> {
  const unknown = new Set<string>();
  const items = s.order_items.map((item) =>
    Object.fromEntries(Object.entries(item).filter(([k]) => LINE_KEYS.has(k) || (unknown.add(k), false))),
  );
  if (unknown.size > 0)
    notes.push(`Left out: item fields the in-person API does not know (${[...unknown].sort().join(', ')}).`);
  return {
    order_amount: s.order_amount,
    order_tax_amount: s.order_tax_amount,
    purchase_currency: s.purchase_currency,
    order_items: items,
    ...(s.merchant_reference1 !== undefined ? { merchant_reference1: s.merchant_reference1 } : {}),
    ...(s.merchant_data !== undefined ? { merchant_data: s.merchant_data } : {}),
  };
}

/** One status change's step (a terminal action's two entries, CREATED → ACTIVE → …, are one step). */
function stepOf(h: SessionHistoryEntry): ScenarioStep | null {
  switch (h.cause) {
    case 'terminal.tap_card':
      return { terminal: 'tap_card' };
    case 'terminal.walk_away':
      return { terminal: 'walk_away' };
    case 'terminal.wrong_pin':
      return { terminal: 'wrong_pin' };
    case 'terminal.decline':
      return h.status === 'FAILED' && h.detail && h.detail !== 'card declined'
        ? { terminal: { decline: h.detail } }
        : { terminal: 'decline' };
    case 'api.cancel':
      return { cancel: null };
    default:
      return null;
  }
}

/** The steps and clock moves the history says, wrong PINs that changed no status put where they fit. */
function stepsOf(s: Session, notes: string[]): Commented<ScenarioStep>[] {
  const out: Commented<ScenarioStep>[] = [];
  const start = ms(s.created_at);
  let last = start;
  const moveTo = (at: number, why: string, up = false) => {
    const gap = up ? Math.ceil((at - last) / 1000) * 1000 : at - last;
    advanceParts(gap).forEach((advance, i) =>
      out.push({
        value: { advance },
        comment: i === 0 ? `seen: ${why} ${spanText(at - last)} later` : undefined,
      }),
    );
    last = at;
  };
  // Each action's entries share its time and cause: one step for each such group.
  const groups: SessionHistoryEntry[][] = [];
  for (const h of s.history.slice(1)) {
    const prev = groups.at(-1)?.at(-1);
    if (prev && prev.at === h.at && prev.cause === h.cause) groups.at(-1)!.push(h);
    else groups.push([h]);
  }
  const pinsSeen = groups.filter((g) => g[0]!.cause === 'terminal.wrong_pin').length;
  let pinsUnseen = Math.max(0, s.pin_attempts - pinsSeen);
  const unseenPins = () => {
    for (; pinsUnseen > 0; pinsUnseen--)
      out.push({
        value: { terminal: 'wrong_pin' },
        comment: 'seen: a wrong PIN (the session keeps the count, not the time)',
      });
  };
  groups.forEach((g, i) => {
    const end = g.at(-1)!;
    const at = ms(end.at);
    const isLast = i === groups.length - 1;
    if (end.cause === 'clock.expiry') {
      unseenPins();
      moveTo(at, 'expired', true);
      return;
    }
    moveTo(at, 'the next action');
    // Wrong PINs between the first action and the last leave no status change: before the last action.
    if (isLast && !(g[0]!.cause === 'terminal.wrong_pin' && g[0]!.status === 'ACTIVE')) unseenPins();
    const step = stepOf(end);
    if (step) out.push({ value: step, comment: `seen: ${end.status} at ${offsetText(at - start)}` });
    if (g[0]!.status === 'ACTIVE' && g[0]!.cause === 'terminal.wrong_pin') unseenPins();
  });
  unseenPins();
  if (s.pin_attempts > pinsSeen)
    notes.push(
      'The times of wrong PINs that changed no status are not recorded: the file puts them where they fit.',
    );
  return out;
}

/** What happened, as it must happen again: the session at the end, and the order it became. */
function expectationsOf(r: InPersonRecords, notes: string[]): Commented<Expectation>[] {
  const s = r.session;
  const last = s.history.at(-1)!;
  const out: Commented<Expectation>[] = [
    {
      value: {
        session: {
          status: s.status,
          cause: last.cause,
          history: s.history.map((h) => h.status),
          ...(s.failure_reason !== undefined ? { failure_reason: s.failure_reason } : {}),
        },
      },
      comment: `seen: ${s.status} at ${offsetText(ms(last.at) - ms(s.created_at))} by ${last.cause}`,
    },
  ];
  if (r.push && r.om) {
    const n = r.push.attempts.length;
    out.push({
      value: { push_attempts: { at_most: n } },
      comment: n ? `seen: ${n} push attempts` : 'seen: no push attempt (an in-person order has no push URL)',
    });
    // The merchant's own calls to order management after the payment are not steps of the file.
    const calls = r.exchanges.filter((x) => x.direction === 'in' && x.kind.startsWith('ordermanagement.'));
    const o = r.om.order;
    const fields = {
      ...(calls.length === 0 ? { status: o.status } : {}),
      fraud_status: o.fraud_status,
      ...(typeof o.merchant_reference1 === 'string' ? { merchant_reference1: o.merchant_reference1 } : {}),
    };
    if (calls.length > 0)
      notes.push(
        `Left out: the merchant’s order-management calls after the payment (${[...new Set(calls.map((x) => x.kind))].join(', ')}), and the order’s status they led to.`,
      );
    out.push({ value: { order_management: fields }, comment: 'seen: the order it became, at the end' });
  }
  out.push(violations(r));
  return out;
}

/** An in-person session's records as a scenario file's content: pure, the same records give the same file. */
export function inPersonScenario(r: InPersonRecords): JourneyScenario {
  const s = r.session;
  const notes: string[] = [];
  const steps = stepsOf(s, notes);
  const expect = expectationsOf(r, notes);
  const timeout = ms(s.expires_at) - ms(s.created_at);
  const settings =
    timeout !== DEFAULT_SETTINGS.ipp_session_timeout_ms ? { ipp_session_timeout_ms: timeout } : null;
  const device = deviceOf(r);
  const scenario: Scenario = ScenarioSchema.parse({
    name: `Saved in-person session ${s.session_id.slice(0, 8)}`,
    description:
      `Saved on ${r.savedAt.slice(0, 10)} by Checkout Simulator ${r.version} from in-person session ${s.session_id}, ` +
      `sent ${s.created_at.slice(0, 16).replace('T', ' ')} UTC to the device “${device.name}”. The terminal ` +
      'actions, the merchant’s cancel and the clock moves are the session’s; the expectations are what happened then.',
    in_person: { device, session: bodyOf(s, notes) },
    ...(settings ? { settings } : {}),
    steps: steps.map((x) => x.value),
    expect: expect.map((x) => x.value),
  });
  return {
    scenario,
    steps,
    expect,
    comments: {
      in_person: r.device
        ? 'the device as registered (the run registers one like it) and the session the merchant sent to it'
        : 'the device has been deregistered since: the run registers one in its place; the session the merchant sent',
      settings: 'how long the session stayed open before it would expire, where it differs from the default',
    },
    notes,
    merchantUrl: null,
  };
}
