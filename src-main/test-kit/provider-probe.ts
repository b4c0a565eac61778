// A provider API called through App.handle(), without a socket, on a temp core (test helper): the calls
// that docs/conformance.md's table rows describe, and an order taken as far as a row needs it.
import type { Core } from '../core/create-core';
import { providerApp } from '../http/provider/provider-app';
import { FULL_ADDRESS, OPTIONS } from './session-env';
import { basic, sampleOrder, tempCore } from './temp-core';

export interface Answer {
  status: number;
  /** Header names lower-cased. */
  headers: Record<string, string>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever the API answered
  body: any;
}

/** What a table row states: the status, and the error code when there is one ("403 NOT_ALLOWED"). */
export const outcome = (a: Answer): string =>
  a.body && typeof a.body.error_code === 'string' ? `${a.status} ${a.body.error_code}` : String(a.status);

const OM = '/ordermanagement/v1/orders';

/** A temp core and its provider API; `call` answers as the API would over a socket. */
export function providerProbe() {
  const env = tempCore();
  const app = providerApp(env.core);
  const call = async (method: string, path: string, body?: unknown): Promise<Answer> => {
    const text = body === undefined ? null : JSON.stringify(body);
    const r = await app.handle({
      method,
      path,
      search: '',
      headers: {
        host: '127.0.0.1',
        authorization: basic(),
        ...(text !== null ? { 'content-type': 'application/json' } : {}),
      },
      body: text === null ? null : Buffer.from(text),
    });
    const headers = Object.entries(r.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]);
    return {
      status: r.status,
      headers: Object.fromEntries(headers),
      body: r.body ? JSON.parse(r.body) : null,
    };
  };
  return { core: env.core, call, dispose: env.dispose, ...orderSteps(env.core, call) };
}

export type Probe = ReturnType<typeof providerProbe>;

function orderSteps(core: Core, call: (m: string, p: string, b?: unknown) => Promise<Answer>) {
  /** A checkout order created through the API (with shipping options and references), its id. */
  const created = async (over: Record<string, unknown> = {}): Promise<string> => {
    const r = await call('POST', '/checkout/v3/orders', sampleOrder({ shipping_options: OPTIONS, ...over }));
    if (r.status !== 201) throw new Error(`create: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.order_id as string;
  };
  /** A purchased order (address and pay), as order management sees it: its OM path. */
  const purchased = async (over: Record<string, unknown> = {}): Promise<string> => {
    const id = await created(over);
    await core.steps.address(id, { billing_address: FULL_ADDRESS });
    const done = await core.steps.complete(id, {});
    if (done.outcome !== 'completed') throw new Error(`completion failed: ${done.message}`);
    return `${OM}/${id}`;
  };
  /** A purchased order with a capture of `amount`: its OM path and the capture's path. */
  const captured = async (amount = 1000): Promise<{ order: string; capture: string }> => {
    const order = await purchased();
    const r = await call('POST', `${order}/captures`, { captured_amount: amount });
    if (r.status !== 201) throw new Error(`capture: ${r.status} ${JSON.stringify(r.body)}`);
    return { order, capture: `${order}/captures/${r.headers['capture-id']}` };
  };
  /** A purchased order cancelled: its OM path. */
  const cancelled = async (): Promise<string> => {
    const order = await purchased();
    await call('POST', `${order}/cancel`);
    return order;
  };
  return { created, purchased, captured, cancelled, unknownOrder: `${OM}/no-such-order` };
}
