// Orders and process figures the long benchmarks share: completing orders over the automation API, and
// a process's memory from /proc.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib.mjs';

export const ADDRESS = JSON.parse(readFileSync(join(ROOT, 'shared/samples/address.json'), 'utf8'));

/** The sample order (shared/samples/order.json) with these merchant URLs added or replaced. */
export function sampleOrder(merchantUrls = {}) {
  const order = JSON.parse(readFileSync(join(ROOT, 'shared/samples/order.json'), 'utf8'));
  Object.assign(order.merchant_urls, merchantUrls);
  return order;
}

/**
 * Creates, addresses and completes `n` orders of `template` with `call` (a jsonClient's), `concurrency`
 * at a time; resolves with their ids. Throws on the first step that does not succeed.
 */
export async function completeOrders(call, api, template, n, concurrency) {
  const ids = [];
  let next = 0;
  const worker = async () => {
    while (next < n) {
      next++;
      const created = await call('POST', `${api}/checkout/v3/orders`, template);
      if (created.status !== 201)
        throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
      const id = created.body.order_id;
      await call('POST', `${api}/test_helpers/checkout/orders/${id}/address`, { billing_address: ADDRESS });
      const done = await call('POST', `${api}/test_helpers/checkout/orders/${id}/complete`);
      if (done.body?.outcome !== 'completed')
        throw new Error(`completion failed: ${JSON.stringify(done.body)}`);
      ids.push(id);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return ids;
}

/** A process's memory in MB from /proc/PID/status (`VmRSS` now, `VmHWM` its peak; Linux); null elsewhere. */
export function memoryMb(pid, field) {
  try {
    const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}
