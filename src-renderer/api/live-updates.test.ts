import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { EventName } from '@shared/contract/control';
import type { ControlApi } from './control-api';
import { queryKeys } from './queries';
import { subscribeLiveUpdates } from './useLiveUpdates';

/** A control API whose events the test delivers by hand. */
function fakeApi() {
  const listeners = new Map<string, ((payload: unknown) => void)[]>();
  const api = {
    invoke: () => Promise.reject(new Error('not used')),
    subscribe: (name: EventName, cb: (payload: unknown) => void) => {
      listeners.set(name, [...(listeners.get(name) ?? []), cb]);
      return () =>
        listeners.set(
          name,
          (listeners.get(name) ?? []).filter((l) => l !== cb),
        );
    },
    onConnection: () => () => undefined,
  } as unknown as ControlApi;
  const deliver = (name: EventName, payload: unknown) => {
    for (const l of listeners.get(name) ?? []) l(payload);
  };
  return { api, deliver, listeners };
}

describe('subscribeLiveUpdates', () => {
  const keys = [queryKeys.exchangesList(200), queryKeys.ordersList, queryKeys.settings, queryKeys.ipp];
  const seeded = () => {
    const client = new QueryClient();
    for (const key of keys) client.setQueryData(key, 'cached');
    return client;
  };
  const stale = (client: QueryClient) => keys.map((k) => client.getQueryState(k)?.isInvalidated);

  it('reads everything again when a burst was sent only in part (events.skipped)', () => {
    const client = seeded();
    const { api, deliver } = fakeApi();
    subscribeLiveUpdates(api, client);
    expect(stale(client)).toEqual([false, false, false, false]);
    deliver('events.skipped', { names: ['exchange.recorded', 'push.attempted'], count: 1200 });
    expect(stale(client)).toEqual([true, true, true, true]);
  });

  it('otherwise touches only what an event affects', () => {
    const client = seeded();
    const { api, deliver } = fakeApi();
    subscribeLiveUpdates(api, client);
    deliver('exchange.recorded', { id: 'ex_1', order_id: null, kind: 'push' });
    expect(stale(client)).toEqual([true, false, false, false]);
  });

  it('unsubscribes everything it subscribed', () => {
    const { api, listeners } = fakeApi();
    for (const off of subscribeLiveUpdates(api, new QueryClient())) off();
    expect([...listeners.values()].every((l) => l.length === 0)).toBe(true);
  });
});
