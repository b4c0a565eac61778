import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALLBACK_ROWS,
  CHECKOUT_OPERATIONS,
  ORDER_MANAGEMENT_OPERATIONS,
  type Outcomes,
} from '../../test-kit/conformance-row-probes';
import { FIELD_CHECKS, fullOrders, VERDICT_CHECKS } from '../../test-kit/conformance-fields';
import { fieldNames, markdownTables, statusClaims, type MarkdownTable } from '../../test-kit/markdown-tables';
import { providerProbe, type Probe } from '../../test-kit/provider-probe';

// docs/conformance.md's tables, pinned to the code: every row that states an answer (a request → a status,
// a code, a field) is played against the provider API through handle() and compared; every row that
// cannot be checked here is named below with the reason. A row added to the page that is neither fails.
const ROOT = resolve(import.meta.dirname, '../../..');
const PAGE = readFileSync(resolve(ROOT, 'docs/conformance.md'), 'utf8');

const BROWSER = 'pinned in a browser by e2e/client-events.spec.ts (a merchant page of its own listening)';
const CALLBACK = (where: string) => `a callback's body and answers need a merchant on a socket: ${where}`;

/** Rows checked elsewhere or not mechanically, each with why. */
const UNCHECKED: Record<string, string> = {
  '`validation_callback` never answered': `${BROWSER}: "a page that never answers gets the generic error after the time-out"`,
  '`name`': 'the merchant account is not simulated: nothing to answer or to refuse',
  '`recurring_token`, `recurring_description`': 'not simulated: nothing answers them (no tokens API)',
  '`discount_lines`': 'the KCO discount service is not simulated: nothing acts on them',
  '`selected_shipping_option.timeslot.cutoff`, `.price`, `location.price`':
    'given by an integrator on a socket: src-main/core/shipping tests with the integrator stub',
  '`push`': CALLBACK('src-main/core/push/push-schedule.test.ts, push-faults.test.ts'),
  '`notification`': CALLBACK('src-main/http/provider/fraud-notification-api.test.ts'),
  '`validation`': CALLBACK('src-main/core/checkout/shipping-validation.test.ts'),
  '`address_update` (and the older `shipping_address_update`)': CALLBACK(
    'src-main/core/checkout/address-callbacks.test.ts',
  ),
  '`country_change`': CALLBACK('src-main/core/checkout/address-callbacks.test.ts'),
  '`shipping_option_update`': CALLBACK('src-main/core/checkout/shipping-validation.test.ts'),
  '`upsell`, `upsell_validation`, `upsell_notification`': CALLBACK(
    'src-main/http/provider/upsell-api.test.ts',
  ),
};

/** Statuses a row's text names that are not the simulator's answer (a source's listing it does not follow). */
const ASIDE: Record<string, Record<string, string>> = {
  '`GET …/refunds/{refund_id}`': { '400': "OM-ERR's `400 NOT_FOUND`, which the row says is not followed" },
};

type Kind = 'operations' | 'checkout fields' | 'om fields' | 'events';
const KINDS: [string, Kind, Record<string, Outcomes>][] = [
  ['Checkout API', 'operations', CHECKOUT_OPERATIONS],
  ['Checkout order fields', 'checkout fields', {}],
  ['Order management API', 'operations', ORDER_MANAGEMENT_OPERATIONS],
  ['Order management order fields', 'om fields', {}],
  ['Callbacks', 'operations', CALLBACK_ROWS],
  ['Client-side events', 'events', {}],
];
const kindOf = (t: MarkdownTable) => KINDS.find(([prefix]) => t.heading.startsWith(prefix));
const TABLES = markdownTables(PAGE);

/** "403" on the page stands for any 403 answer; "403 NOT_ALLOWED" for that code only. */
const covers = (claim: string, seen: string) =>
  claim === seen || (!claim.includes(' ') && seen.startsWith(`${claim} `));

let probe: Probe;
let full: Awaited<ReturnType<typeof fullOrders>>;
beforeAll(async () => {
  probe = providerProbe();
  full = await fullOrders(probe);
});
afterAll(() => probe.dispose());

describe('docs/conformance.md: every table row is checked or named with a reason', () => {
  it('knows each table of the page and each row of each table', () => {
    expect(TABLES.map((t) => t.heading)).toHaveLength(KINDS.length);
    const unknown: string[] = [];
    for (const table of TABLES) {
      const kind = kindOf(table);
      if (!kind) throw new Error(`a table under "${table.heading}" that this test does not know`);
      for (const row of table.rows)
        if (!checkable(kind[1], kind[2], row.key, row.cells[1]!)) unknown.push(row.key);
    }
    expect(unknown, 'rows neither checked nor named in UNCHECKED').toEqual([]);
    const named = [
      ...Object.keys(UNCHECKED),
      ...KINDS.flatMap(([, , m]) => Object.keys(m)),
      ...Object.keys(FIELD_CHECKS),
    ];
    const rows = new Set(TABLES.flatMap((t) => t.rows.map((r) => r.key)));
    expect(
      named.filter((k) => !rows.has(k)),
      'checks for rows the page no longer has',
    ).toEqual([]);
  });
});

function checkable(kind: Kind, probes: Record<string, Outcomes>, key: string, verdict: string): boolean {
  // What the embedded checkout's script does needs a browser: an "as documented" event is BROWSER's.
  if (kind === 'events' && verdict === 'as documented') return true;
  if (key in UNCHECKED || key in probes || key in FIELD_CHECKS) return true;
  return kind !== 'operations' && verdict in VERDICT_CHECKS;
}

for (const table of TABLES) {
  const [, kind, probes] = kindOf(table) ?? [];
  if (kind === 'operations') {
    describe(`docs/conformance.md, ${table.heading}`, () => {
      for (const row of table.rows.filter((r) => r.key in probes!)) {
        it(`${row.key}: answers what the row says`, async () => {
          const aside = ASIDE[row.key] ?? {};
          const claims = statusClaims(row.cells[2]!).filter((c) => !(c in aside));
          const seen = [...new Set(await probes![row.key]!(probe))];
          expect(
            claims.filter((c) => !seen.some((s) => covers(c, s))),
            'stated, never answered',
          ).toEqual([]);
          expect(
            seen.filter((s) => !claims.some((c) => covers(c, s))),
            'answered, not stated',
          ).toEqual([]);
        });
      }
    });
  }
  if (kind === 'checkout fields' || kind === 'om fields') {
    describe(`docs/conformance.md, ${table.heading}`, () => {
      for (const row of table.rows.filter((r) => !(r.key in UNCHECKED))) {
        it(`${row.key} (${row.cells[1]})`, async () => {
          const doc = kind === 'checkout fields' ? full.checkout : full.om;
          const generic = VERDICT_CHECKS[row.cells[1]!];
          if (generic) for (const field of fieldNames(row.key)) await generic(probe, doc, field);
          await FIELD_CHECKS[row.key]?.(probe, doc);
        });
      }
    });
  }
}
