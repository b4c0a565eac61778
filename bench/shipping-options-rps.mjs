// Figure: requests per second of the built-in fake integrator's POST /shippingoptions (bearer check,
// options for a full address, every exchange recorded) against a bare node:http server answering the
// same JSON, in the same run. A token comes from POST /auth first, as a shipping assistant gets one.
import { createHash, randomBytes } from 'node:crypto';
import { AUTH, alternate, load, startBareServer, startSimulator, stop } from './lib.mjs';

const OPTIONS_TYPE = 'application/vdn.service.shipping.get_options-v1+json';

const REQUEST = JSON.stringify({
  session_id: '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  locale: 'sv-SE',
  currency: 'SEK',
  geoblocking: false,
  recipient: {
    given_name: 'Alva',
    family_name: 'Lind',
    street_address: 'Sveavägen 12',
    postal_code: '11350',
    city: 'Stockholm',
    country: 'SE',
    email: 'alva@example.com',
    customer_type: 'person',
  },
  order: {
    id: 'bench-order',
    total_amount: 50000,
    total_tax: 10000,
    total_amount_without_shipping_fee: 50000,
    total_tax_without_shipping_fee: 10000,
    tags: [],
    lines: [
      {
        type: 'physical',
        reference: '19-402',
        quantity: 2,
        unit_price: 25000,
        tax_rate: 2500,
        total_tax_amount: 10000,
        total_price_including_tax: 50000,
        total_discount_amount: 0,
        attributes: { weight: 1200, tags: [] },
      },
    ],
  },
});

async function token(sim) {
  const creds = await (
    await fetch(`${sim.api}/test_helpers/integrator/settings`, { headers: { authorization: AUTH } })
  ).json();
  const nonce = randomBytes(16).toString('hex');
  const digest = createHash('sha256')
    .update(nonce + creds.key)
    .digest('hex');
  const r = await fetch(`${sim.integrator}/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/vdn.service.shipping.auth-v1+json' },
    body: JSON.stringify({ identifier: creds.identifier, secret: { nonce, digest } }),
  });
  if (r.status !== 201) throw new Error(`POST /auth answered ${r.status}`);
  return (await r.json()).token;
}

export async function shippingOptionsRps({ rounds = 2, duration = 4 } = {}) {
  const sim = await startSimulator();
  let bare = null;
  try {
    const headers = { 'content-type': OPTIONS_TYPE, authorization: `Bearer ${await token(sim)}` };
    const url = `${sim.integrator}/shippingoptions`;
    const first = await fetch(url, { method: 'POST', headers, body: REQUEST });
    if (first.status !== 200) throw new Error(`POST /shippingoptions answered ${first.status}`);
    const body = await first.text();
    bare = await startBareServer(body, { 'content-type': 'application/json' });
    const opts = { method: 'POST', headers, body: REQUEST, duration };
    const r = await alternate(
      rounds,
      () => load({ ...opts, url: `${bare.url}/shippingoptions` }),
      () => load({ ...opts, url }),
    );
    return {
      name: 'fake integrator POST /shippingoptions',
      baseline: `bare node:http (same ${body.length}-byte JSON): ${r.a.toFixed(0)} req/s`,
      measured: `fake integrator: ${r.b.toFixed(0)} req/s`,
      ratio: r.b / r.a,
      target: '≥ 0.70× (bearer checked, every exchange recorded)',
      pass: r.b / r.a >= 0.7,
      note: `${r.totalB} requests to the fake in ${rounds} rounds of ${duration} s; each answer is ${body.length} bytes of options`,
    };
  } finally {
    await stop(sim.proc);
    if (bare) await stop(bare.proc);
  }
}
