import { describe, expect, it } from 'vitest';
import { scenarioEnv } from '../test-kit/scenario-env';
import { scenarioLines } from './reporters/console-lines';
import { htmlReport } from './reporters/html';
import { junitXml } from './reporters/junit';
import { verdicts } from '../test-kit/scenario-verdicts';

/*
 * In-person scenarios (issue #27 point 1): the runner registers a device of the scenario's own, sends the
 * session through /ipp/v1 with the merchant's credentials, acts at the terminal through the automation API,
 * moves the clock, and judges the session at the end and the order it became.
 */

const { run } = scenarioEnv();

const SESSION = `
in_person:
  device: { name: Counter 1, platform: android }
  session:
    order_amount: 11200
    order_tax_amount: 1200
    purchase_currency: SEK
    merchant_reference1: TILL-1001
    order_items:
      - { name: Coffee, quantity: 2, unit_price: 3360, tax_rate: 1200, total_amount: 6720, total_tax_amount: 720 }
      - { name: Bun, quantity: 1, unit_price: 4480, tax_rate: 1200, total_amount: 4480, total_tax_amount: 480 }
`;

const PAID = `
name: Paid at the counter after a wrong PIN
${SESSION}
steps:
  - advance: 30s
  - terminal: wrong_pin
  - terminal: tap_card
expect:
  - session: { status: FINALIZED, cause: terminal.tap_card, history: [CREATED, ACTIVE, FINALIZED] }
  - order_management: { status: AUTHORIZED, merchant_reference1: TILL-1001 }
  - push_attempts: { at_most: 0 }
  - no_violations: true
`;

describe('an in-person scenario', () => {
  it('pays at the terminal and passes, its steps reported, the order it became judged', async () => {
    const r = await run([{ file: 'paid.yaml', text: PAID }]);
    expect(r.passed, verdicts(r).join('\n')).toBe(true);
    const s = r.scenarios[0]!;
    expect(s.steps.map((st) => `${st.text}: ${st.outcome}`)).toEqual([
      'advance the clock 30 s: 0 fired',
      'terminal: wrong_pin: ACTIVE',
      'terminal: tap_card: FINALIZED',
    ]);
    // The merchant's call that created the session is in the report; the runner's own reads are not.
    expect(s.exchanges.map((x) => x.kind)).toEqual(['ipp.session.create']);
    // Every report calls the session a session, and the HTML one links to its page in the console.
    expect(s.subject).toBe('session');
    expect(scenarioLines(s)[0]).toContain(` · session ${s.order_id}`);
    expect(junitXml(r)).toContain(`<property name="session_id" value="${s.order_id}"/>`);
    const html = htmlReport({ ...r, console_url: 'http://127.0.0.1:4701' });
    expect(html).toContain(`href="http://127.0.0.1:4701/#/terminals?session=${s.order_id}"`);
  }, 60_000);

  it('runs beside itself in a parallel run, each on a device and a clock of its own', async () => {
    const r = await run(
      [
        { file: 'a.yaml', text: PAID },
        { file: 'b.yaml', text: PAID },
      ],
      2,
    );
    expect(r.passed, verdicts(r).join('\n')).toBe(true);
    expect(new Set(r.scenarios.map((s) => s.order_id)).size).toBe(2);
  }, 60_000);

  it('fails naming the expectation when the card is declined', async () => {
    const text = PAID.replace('  - terminal: tap_card', '  - terminal: { decline: insufficient funds }');
    const r = await run([{ file: 'declined.yaml', text }]);
    expect(r.passed).toBe(false);
    const failed = r.scenarios[0]!.expectations.filter((e) => !e.passed);
    expect(failed.map((e) => [e.text, e.seen])).toEqual([
      [
        'the in-person session ends status FINALIZED, by terminal.tap_card, through CREATED → ACTIVE → FINALIZED',
        'status FAILED, by terminal.decline, through CREATED → ACTIVE → FAILED',
      ],
      [
        'the order management read has status "AUTHORIZED", merchant_reference1 "TILL-1001"',
        expect.any(String),
      ],
      ['at most 0 push attempts', 'the order never completed'],
    ]);
  }, 60_000);

  it('expires on the clock, and the merchant cancels one', async () => {
    const expired = `
name: Nobody came to the terminal
settings: { ipp_session_timeout_ms: 120000 }
${SESSION}
steps:
  - advance: 3m
expect:
  - session: { status: EXPIRED, cause: clock.expiry, history: [CREATED, EXPIRED] }
`;
    const cancelled = `
name: The till cancels
${SESSION}
steps:
  - terminal: { decline: wrong card }
`.replace('  - terminal: { decline: wrong card }', '  - cancel:');
    const r = await run([
      { file: 'expired.yaml', text: expired },
      {
        file: 'cancelled.yaml',
        text: `${cancelled}expect:\n  - session: { status: CANCELLED, cause: api.cancel, history: [CREATED, CANCELLED] }\n`,
      },
    ]);
    expect(r.passed, verdicts(r).join('\n')).toBe(true);
    expect(r.scenarios[1]!.steps[0]).toMatchObject({
      text: 'merchant: cancel the session',
      outcome: 'CANCELLED',
    });
  }, 60_000);
});
