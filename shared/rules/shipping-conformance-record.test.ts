import { describe, expect, it } from 'vitest';
import { call, noAnswer, record, withStep } from '../test-kit/conformance-records';
import { answered, evaluateRule, listed, pass, type RuleSpec } from './shipping-conformance-record';
import { CONFORMANCE_RULES, evaluateRun } from './shipping-conformance-rules';

/* How one rule is evaluated on a recorded run, and the scorecard's fixed shape. */

const always: RuleSpec = {
  id: 'x.rule',
  title: 'A rule',
  spec_ref: 'spec § X',
  step: 'full',
  evaluate: () => pass('fine'),
};

describe('evaluateRule', () => {
  it("names the exchanges of the rule's step, in order, the retry included", () => {
    const first = call(401, null);
    const retry = call(200, { shipping_options: [] });
    expect(evaluateRule(always, withStep('full', [first, retry]))).toEqual({
      id: 'x.rule',
      title: 'A rule',
      spec_ref: 'spec § X',
      exchange_ids: [first.exchangeId, retry.exchangeId],
      status: 'pass',
      message: 'fine',
    });
  });
});

describe('answered and listed: the words of the messages', () => {
  it('answered says the status and failure_reason, or why there was no answer', () => {
    expect(answered(call(409, { failure_reason: 'taken' }).answer, 1)).toBe(
      "answered 409 with failure_reason 'taken'",
    );
    expect(answered(call(500, null).answer, 1)).toBe('answered 500');
    expect(answered(noAnswer('timeout').answer, 750)).toBe('gave no answer within 750 ms');
  });

  it('listed numbers two or more messages and gives one as it is', () => {
    expect(listed(['a'])).toBe('a');
    expect(listed(['a', 'b'])).toBe('(1) a; (2) b');
    expect(listed([])).toBe('');
  });
});

describe("the scorecard's rules", () => {
  it('are these, in the order of the sequence: the ids the API and the console show', () => {
    expect(CONFORMANCE_RULES.map((r) => `${r.step}: ${r.id}`)).toEqual([
      'wrong_credentials: auth.wrong-credentials',
      'auth: auth.token',
      'reuse: auth.token-reuse',
      'wrong_token: auth.wrong-token',
      'preview: options.preview.answer',
      'preview: options.preview.schema',
      'preview: options.preview.flag',
      'full: options.full.answer',
      'full: options.full.schema',
      'full: options.full.flag',
      'full: options.full.available',
      'locations: options.locations.answer',
      'locations: options.locations.schema',
      'locations: options.locations.found',
      'create: shipment.create.status',
      'create: shipment.create.location',
      'create: shipment.create.body',
      'update: shipment.update.status',
      'update: shipment.update.location',
      'update: shipment.update.body',
      'read: shipment.read.status',
      'read: shipment.read.body',
      'auth: json.content-type',
    ]);
  });

  it('each cites its section; the schema titles name the call without its parenthesis', () => {
    const by = Object.fromEntries(evaluateRun(record()).map((r) => [r.id, r]));
    expect(by['options.preview.schema']!.title).toBe("Options of the preview call match the spec's fields");
    expect(by['options.locations.schema']!.title).toBe(
      "Options of the location search match the spec's fields",
    );
    expect(by['shipment.create.location']!.spec_ref).toBe(
      'shipping-integrator-api.md § POST /shipment (the shipment id and the Location header confirm the shipment)',
    );
    expect(by['shipment.update.location']!.spec_ref).toBe(
      'shipping-integrator-api.md § POST /shipment (the shipment id and the Location header confirm the shipment); GAPS.md',
    );
    expect(by['shipment.create.body']!.spec_ref).toBe('shipping-integrator-api.md § Shipment response body');
    expect(by['shipment.read.body']!.spec_ref).toBe(
      'shipping-integrator-api.md § Shipment response body; § GET /shipment/{shipment_id}',
    );
  });
});
