import { describe, expect, it } from 'vitest';
import {
  interpretUpdateAnswer,
  interpretValidationAnswer,
  noAnswerWithin,
  type RawAnswer,
} from './callback-answers';

const answer = (a: Partial<RawAnswer>): RawAnswer => ({ status: 200, headers: {}, body: null, ...a });
const ok = (body: unknown) => answer({ body: JSON.stringify(body) });
const option = (id: string, preselected?: boolean) => ({
  id,
  name: `Option ${id}`,
  price: 0,
  tax_amount: 0,
  tax_rate: 0,
  ...(preselected === undefined ? {} : { preselected }),
});
const line = {
  name: 'Tee',
  quantity: 1,
  unit_price: 10000,
  tax_rate: 2500,
  total_amount: 10000,
  total_tax_amount: 2000,
};
const cart = { order_amount: 10000, order_tax_amount: 2000, order_lines: [line] };

/** The first violation's rule and path, and the reason, of a failed verdict. */
function failure(a: RawAnswer) {
  const v = interpretUpdateAnswer(a, 5000);
  if (v.outcome !== 'failed') throw new Error(`expected failed, got ${JSON.stringify(v)}`);
  expect(v.violations).toHaveLength(1);
  expect(v.violations[0]!.message).toBe(v.reason);
  return { reason: v.reason, rule: v.violations[0]!.rule, path: v.violations[0]!.path };
}

describe('interpretUpdateAnswer: a 200 answer', () => {
  it('an address_update answer whose options have none preselected fails, naming the rule', () => {
    expect(failure(ok({ shipping_options: [option('a'), option('b', false)] }))).toEqual({
      reason: 'invalid shipping option list: exactly one option must be preselected, found 0',
      rule: 'callbacks.shipping_option.preselected',
      path: 'shipping_options',
    });
  });

  it('two preselected options fail too; exactly one applies the list', () => {
    expect(failure(ok({ shipping_options: [option('a', true), option('b', true)] })).reason).toMatch(
      /found 2$/,
    );
    const v = interpretUpdateAnswer(ok({ shipping_options: [option('a'), option('b', true)] }), 5000);
    expect(v).toEqual({
      outcome: 'applied',
      patch: { shipping_options: [option('a'), option('b', true)] },
      notes: [],
    });
  });

  it('an option that breaks the schema names its field', () => {
    expect(failure(ok({ shipping_options: [{ ...option('a', true), name: '' }] }))).toEqual({
      reason: 'invalid shipping option list: shipping_options[0].name: must not be empty',
      rule: 'callbacks.shipping_option',
      path: 'shipping_options[0].name',
    });
  });

  it('single fields apply each on its own, and a bad one names itself', () => {
    const body = {
      purchase_currency: 'SEK',
      locale: 'sv-SE',
      merchant_data: 'm',
      merchant_reference1: 'r1',
      merchant_reference2: 'r2',
      tags: ['x'],
    };
    expect(interpretUpdateAnswer(ok(body), 5000)).toEqual({ outcome: 'applied', patch: body, notes: [] });
    expect(failure(ok({ locale: 'english please' }))).toEqual({
      reason: 'invalid locale: must be a language-region tag such as en-GB',
      rule: 'callbacks.rule2',
      path: 'locale',
    });
  });

  it('a whole cart applies; a cart that does not add up fails with each problem', () => {
    expect(interpretUpdateAnswer(ok({ ...cart, extra: 1 }), 5000)).toEqual({
      outcome: 'applied',
      patch: { cart },
      notes: ['Ignored fields the checkout does not take from an answer: extra.'],
    });
    const v = interpretUpdateAnswer(ok({ ...cart, order_amount: 9000, order_tax_amount: 1000 }), 5000);
    expect(v.outcome).toBe('failed');
    if (v.outcome !== 'failed') return;
    expect(v.violations.map((p) => [p.rule, p.path])).toEqual([
      ['conventions.arithmetic', 'order_amount'],
      ['conventions.arithmetic', 'order_tax_amount'],
    ]);
    expect(v.reason).toMatch(/^the cart does not reconcile: order_amount: .+; order_tax_amount: .+/);
  });

  it('a cart that breaks the schema names the field', () => {
    expect(failure(ok({ ...cart, order_lines: [] }))).toEqual({
      reason: 'invalid cart: order_lines: must hold at least one order line',
      rule: 'callbacks.cart',
      path: 'order_lines',
    });
  });

  it('a partial cart is ignored with a note naming what is missing; {} is a note too', () => {
    expect(interpretUpdateAnswer(ok({ order_amount: 1, order_lines: [], x: 1, y: 2 }), 5000)).toEqual({
      outcome: 'applied',
      patch: {},
      notes: [
        'The cart was ignored: it has order_amount, order_lines but not order_tax_amount (a cart applies only with order_amount, order_tax_amount and order_lines all present).',
        'Ignored fields the checkout does not take from an answer: x, y.',
      ],
    });
    expect(interpretUpdateAnswer(ok({ order_amount: 1 }), 5000)).toEqual({
      outcome: 'applied',
      patch: {},
      notes: [
        'The cart was ignored: it has order_amount but not order_tax_amount, order_lines (a cart applies only with order_amount, order_tax_amount and order_lines all present).',
      ],
    });
    expect(interpretUpdateAnswer(ok({}), 5000)).toEqual({
      outcome: 'applied',
      patch: {},
      notes: ['The answer was {}: nothing changes.'],
    });
  });

  it('a body that is empty, not JSON or not an object fails by rule 4', () => {
    expect(failure(answer({ body: ' ' }))).toEqual({
      reason: 'the body is empty (200 needs a JSON object; {} changes nothing)',
      rule: 'callbacks.rule4',
      path: '(body)',
    });
    expect(failure(answer({ body: null })).rule).toBe('callbacks.rule4');
    expect(failure(answer({ body: 'oops' })).reason).toBe('the body is not valid JSON: "oops"');
    expect(failure(answer({ body: '[]' })).reason).toBe('the body is not a JSON object');
    expect(failure(answer({ body: 'null' })).reason).toBe('the body is not a JSON object');
    expect(failure(answer({ body: '3' })).reason).toBe('the body is not a JSON object');
  });
});

describe('interpretUpdateAnswer: other answers', () => {
  it('a time-out names the setting that limits it', () => {
    expect(noAnswerWithin(2500)).toBe('no answer within 2500 ms (the setting callback_timeout_ms)');
  });

  it('a 400 of a type that shows text, without error_text at all, fails', () => {
    expect(
      failure(answer({ status: 400, body: JSON.stringify({ error_type: 'approval_failed' }) })).path,
    ).toBe('error_text');
  });

  it('a timeout and an undelivered call fail with their rules', () => {
    expect(failure(answer({ status: null, error: 'timeout' }))).toEqual({
      reason: noAnswerWithin(5000),
      rule: 'limits.in_session_time',
      path: '(body)',
    });
    expect(
      failure(answer({ status: null, error: 'unreachable', errorDetail: 'ECONNREFUSED' })),
    ).toMatchObject({
      reason: 'the callback could not be delivered: ECONNREFUSED',
      rule: 'callbacks.delivery',
    });
    expect(failure(answer({ status: null, error: 'unreachable' })).reason).toBe(
      'the callback could not be delivered: unreachable',
    );
  });

  it('a 400 with a valid error_type rejects; error_text is required where it is shown', () => {
    const reject = (body: unknown) =>
      interpretUpdateAnswer(answer({ status: 400, body: JSON.stringify(body) }), 1);
    expect(reject({ error_type: 'unsupported_shipping_address' })).toEqual({
      outcome: 'rejected',
      errorType: 'unsupported_shipping_address',
      errorText: null,
    });
    expect(reject({ error_type: 'address_error', error_text: 'No PO boxes' })).toEqual({
      outcome: 'rejected',
      errorType: 'address_error',
      errorText: 'No PO boxes',
    });
    for (const type of ['address_error', 'approval_failed']) {
      expect(
        failure(answer({ status: 400, body: JSON.stringify({ error_type: type, error_text: ' ' }) })),
      ).toEqual({
        reason: `400 answer with error_type ${type} must carry error_text (shown to the customer)`,
        rule: 'callbacks.rule5',
        path: 'error_text',
      });
    }
    expect(failure(answer({ status: 400, body: JSON.stringify({ error_type: 'nope' }) }))).toEqual({
      reason:
        '400 answer with error_type "nope": only address_error, unsupported_shipping_address, approval_failed are valid',
      rule: 'callbacks.rule5',
      path: 'error_type',
    });
    expect(failure(answer({ status: 400, body: '' }))).toEqual({
      reason: '400 answer: the body is empty (200 needs a JSON object; {} changes nothing)',
      rule: 'callbacks.rule5',
      path: '(body)',
    });
  });

  it('a redirect needs a web Location', () => {
    for (const status of [301, 302, 303, 307]) {
      expect(
        interpretUpdateAnswer(answer({ status, headers: { location: 'https://shop.test/x' } }), 1),
      ).toEqual({
        outcome: 'redirected',
        url: 'https://shop.test/x',
      });
    }
    expect(failure(answer({ status: 302 }))).toEqual({
      reason: '302 without a Location header',
      rule: 'callbacks.rule5',
      path: 'Location',
    });
    expect(failure(answer({ status: 303, headers: { location: 'javascript:alert(1)' } }))).toEqual({
      reason: "Location 'javascript:alert(1)' is not an absolute http(s) URL",
      rule: 'callbacks.rule5',
      path: 'Location',
    });
  });

  it('any other status fails', () => {
    for (const status of [201, 308, 500]) {
      expect(failure(answer({ status, headers: { location: 'https://shop.test/' } }))).toEqual({
        reason: `answered ${status}: only 200, 400 with an error_type, or 301/302/303/307 with Location are valid`,
        rule: 'errors.status',
        path: '(body)',
      });
    }
  });
});

describe('interpretValidationAnswer', () => {
  const validate = (a: Partial<RawAnswer>, required = false) =>
    interpretValidationAnswer(answer(a), required, 3000);

  it('200 completes', () => {
    expect(validate({ status: 200 })).toEqual({ outcome: 'completed', note: null });
  });

  it('no answer fails open, or denies when success is required', () => {
    expect(validate({ status: null, error: 'timeout' })).toEqual({
      outcome: 'completed',
      note: `${noAnswerWithin(3000)}: the purchase is allowed (validation fails open)`,
    });
    expect(validate({ status: null, error: 'unreachable', errorDetail: 'ECONNRESET' }, true)).toEqual({
      outcome: 'denied',
      errorType: null,
      errorText: null,
      redirectUrl: null,
      reason:
        'the callback could not be delivered (ECONNRESET), and options.require_validate_callback_success is true: the purchase is denied',
    });
    expect(validate({ status: null, error: 'unreachable' })).toMatchObject({
      note: 'the callback could not be delivered (unreachable): the purchase is allowed (validation fails open)',
    });
    expect(validate({ status: 500 }, true)).toMatchObject({
      outcome: 'denied',
      reason: expect.stringMatching(/^answered 500, which is not a valid validation answer, and /),
    });
    expect(validate({ status: 500 })).toMatchObject({ outcome: 'completed' });
  });

  it('a redirect denies and sends the customer to a web address only', () => {
    expect(validate({ status: 303, headers: { location: 'https://shop.test/sorry' } })).toEqual({
      outcome: 'denied',
      errorType: null,
      errorText: null,
      redirectUrl: 'https://shop.test/sorry',
      reason: 'answered 303: the customer is sent to https://shop.test/sorry',
    });
    expect(validate({ status: 302, headers: { location: 'javascript:x' } })).toEqual({
      outcome: 'denied',
      errorType: null,
      errorText: null,
      redirectUrl: null,
      reason:
        "answered 302 with Location 'javascript:x', not an absolute http(s) URL: the purchase is denied and the customer stays in the checkout",
    });
    expect(validate({ status: 302 })).toMatchObject({ outcome: 'completed' });
    // A Location on a status that is not a redirect changes nothing.
    expect(validate({ status: 500, headers: { location: 'https://shop.test/x' } })).toMatchObject({
      outcome: 'completed',
      note: expect.stringMatching(/^answered 500, which is not a valid validation answer/),
    });
  });

  it('a 400 denies only with an error_type that shows text, and the text', () => {
    const v400 = (body: unknown) => validate({ status: 400, body: JSON.stringify(body) });
    expect(v400({ error_type: 'approval_failed', error_text: 'Too old' })).toEqual({
      outcome: 'denied',
      errorType: 'approval_failed',
      errorText: 'Too old',
      redirectUrl: null,
      reason: 'answered 400 approval_failed: the customer stays in the checkout and sees: Too old',
    });
    expect(v400({ error_type: 'approval_failed' })).toEqual({
      outcome: 'completed',
      note: 'answered 400 with error_type "approval_failed" and no error_text: logged and ignored, the purchase completes',
    });
    expect(v400({ error_type: 'unsupported_shipping_address', error_text: 'x' })).toEqual({
      outcome: 'completed',
      note: 'answered 400 with error_type "unsupported_shipping_address": logged and ignored, the purchase completes',
    });
    expect(v400({ error_type: 'approval_failed', error_text: 5 })).toMatchObject({ outcome: 'completed' });
    expect(validate({ status: 400, body: 'nope' })).toEqual({
      outcome: 'completed',
      note: 'answered 400 with error_type null and no error_text: logged and ignored, the purchase completes',
    });
  });
});
