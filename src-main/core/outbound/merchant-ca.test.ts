import { afterEach, describe, expect, it } from 'vitest';
import { TLS_RULE } from '@shared/rules/production-tls';
import { createCa } from '../../net/tls/certificates';
import { trustWith } from '../../net/tls/trust';
import { caSignedStub } from '../../test-kit/ca-signed-stub';
import { selfSignedStub } from '../../test-kit/self-signed-stub';
import { FULL_ADDRESS } from '../../test-kit/session-env';
import { orderCallingBack, tempCore } from '../../test-kit/temp-core';

// `--merchant-ca`: callbacks and pushes to a merchant whose https certificate is signed by the merchant's
// own CA are delivered, under the production TLS rules too; a self-signed one is still refused, by the rule.
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const merchantCa = createCa('Merchant staging CA');

/** A core trusting `trusted` CAs (none: Node's roots only), the rules on or off, and a purchase's calls. */
async function purchase(o: { trusted: string[]; rules: boolean; base: string }) {
  const env = tempCore(undefined, undefined, trustWith(o.trusted));
  cleanups.push(() => env.dispose());
  env.core.settings.update({ production_tls_rules: o.rules, callback_timeout_ms: 2000 });
  const order = env.core.orders.create(orderCallingBack(`${o.base}/push`, `${o.base}/address`));
  const step = await env.core.steps.address(order.order_id, { billing_address: FULL_ADDRESS });
  await env.core.steps.complete(order.order_id, {});
  await env.core.clockControl.advance({ until: 'next_event' });
  const log = await env.core.exchanges.list({ orderId: order.order_id, ascending: true });
  return {
    step,
    attempt: env.core.push.attempts(order.order_id)[0]!,
    push: log.find((e) => e.kind === 'push')!,
  };
}

describe('--merchant-ca', () => {
  it('delivers push to a merchant whose certificate its CA signed, with the production rules on', async () => {
    const stub = await caSignedStub(merchantCa);
    cleanups.push(() => stub.stop());
    const r = await purchase({ trusted: [merchantCa.cert], rules: true, base: stub.base });
    expect(r.step.outcome).toBe('applied');
    expect(r.attempt).toMatchObject({ outcome: 'delivered', status: 200 });
    expect(r.push.violations).toEqual([]);
    expect(stub.paths).toEqual(['/address', '/push']);
  });

  it('without it, that push is refused and its record names the rule and why', async () => {
    const stub = await caSignedStub(merchantCa);
    cleanups.push(() => stub.stop());
    const r = await purchase({ trusted: [], rules: true, base: stub.base });
    expect(r.step.outcome).toBe('applied'); // in-session: an untrusted certificate still works
    expect(r.attempt).toMatchObject({ outcome: 'refused', status: null });
    expect(stub.paths).toEqual(['/address']);
    expect(r.push.violations).toHaveLength(1);
    expect(r.push.violations[0]).toMatchObject({ rule: TLS_RULE, path: 'merchant_urls.push' });
    expect(r.push.violations[0]!.message).toContain(
      `push refused by the production TLS rules (${TLS_RULE}): the certificate is not trusted (UNABLE_TO_VERIFY_LEAF_SIGNATURE`,
    );
    expect(r.push.violations[0]!.message).toContain('--merchant-ca');
  });

  it('does not make a self-signed certificate trusted: still refused under the rules', async () => {
    const stub = await selfSignedStub();
    cleanups.push(() => stub.stop());
    const r = await purchase({ trusted: [merchantCa.cert], rules: true, base: stub.base });
    expect(r.attempt).toMatchObject({ outcome: 'refused', status: null });
    expect(stub.paths).toEqual(['/address']);
    expect(r.push.violations[0]!.message).toMatch(
      new RegExp(`push refused by the production TLS rules \\(${TLS_RULE}\\): .*SELF_SIGNED`),
    );
  });

  it('with the rules off, its certificates are no longer flagged as untrusted', async () => {
    const stub = await caSignedStub(merchantCa);
    cleanups.push(() => stub.stop());
    const trusted = await purchase({ trusted: [merchantCa.cert], rules: false, base: stub.base });
    expect(trusted.attempt.outcome).toBe('delivered');
    expect(trusted.push.violations).toEqual([]);
    const untrusted = await purchase({ trusted: [], rules: false, base: stub.base });
    expect(untrusted.attempt.outcome).toBe('delivered');
    expect(untrusted.push.violations[0]!.message).toContain('certificate is not trusted');
  });
});
