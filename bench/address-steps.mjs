// The address step that two benchmarks time (the in-session callback, the shipping assistant): one real
// HTTP call to the automation API on a checkout order, a fresh order every STEPS_PER_ORDER steps so that
// no order grows past what a customer would do.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AUTH, ROOT } from './lib.mjs';
import { call } from './http-client.mjs';

const STEPS_PER_ORDER = 20;
const ADDRESS = JSON.parse(readFileSync(join(ROOT, 'shared/samples/address.json'), 'utf8'));
const headers = { authorization: AUTH };

/**
 * Runs `count` address steps on orders made from `template`; after each applied step, `onStep(i, orderId,
 * answer)` (answer: `call`'s status, body and ms). A step the simulator does not apply ends the run.
 */
export async function addressSteps(sim, template, count, onStep) {
  let orderId = '';
  for (let i = 0; i < count; i++) {
    if (i % STEPS_PER_ORDER === 0) {
      orderId = JSON.parse(
        (await call('POST', `${sim.api}/checkout/v3/orders`, { headers, body: template })).body,
      ).order_id;
    }
    const r = await call('POST', `${sim.api}/test_helpers/checkout/orders/${orderId}/address`, {
      headers,
      body: { billing_address: ADDRESS },
    });
    if (r.status !== 200 || JSON.parse(r.body).outcome !== 'applied')
      throw new Error(`step failed: ${r.status} ${r.body}`);
    onStep(i, orderId, r);
  }
}
