import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FULL_ADDRESS } from '../../../test-kit/session-env';
import { basic, sampleOrder } from '../../../test-kit/temp-core';
import { tempListeners, type TempListeners } from '../../test-kit/temp-listeners';

/*
 * A step's answer read as raw text (curl, a log): what happened comes first, the order (kilobytes with its
 * html_snippet) last, on the automation route and the console's operation alike.
 */

let sim: TempListeners;
beforeEach(async () => {
  sim = await tempListeners();
});
afterEach(() => sim.close());

const post = async (url: string, body: unknown, auth: boolean) => {
  const r = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: basic() } : {}) },
    body: JSON.stringify(body),
  });
  expect(r.status).toBe(200);
  return r.text();
};

/** The answer's top-level keys in the order the bytes carry them. */
const keysOf = (text: string) => Object.keys(JSON.parse(text) as object);

describe('a step’s answer', () => {
  it('starts with step, outcome and message and ends with the order on /test_helpers', async () => {
    const id = sim.env.core.orders.create(sampleOrder()).order_id as string;
    const text = await post(
      `${sim.l.urls.api}/test_helpers/checkout/orders/${id}/address`,
      { billing_address: FULL_ADDRESS },
      true,
    );
    const keys = keysOf(text);
    expect(keys.slice(0, 3)).toEqual(['step', 'outcome', 'message']);
    expect(keys.at(-1)).toBe('order');
    // The sentence a reader wants is in the first few hundred bytes, not after the html_snippet.
    expect(text.indexOf('"message"')).toBeLessThan(200);
  });

  it('comes in the same order from the console’s step operation', async () => {
    const id = sim.env.core.orders.create(sampleOrder()).order_id as string;
    const text = await post(
      `${sim.l.urls.console}/control/invoke/session.address`,
      { orderId: id, input: { billing_address: FULL_ADDRESS } },
      false,
    );
    const value = (JSON.parse(text) as { value: object }).value;
    const keys = Object.keys(value);
    expect(keys.slice(0, 3)).toEqual(['step', 'outcome', 'message']);
    expect(keys.at(-1)).toBe('order');
  });
});
