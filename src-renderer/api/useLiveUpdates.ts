import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type ConnectionState, type ControlApi } from './control-api';
import { subscribeAfterPurchase } from './after-purchase-queries';
import { useConnectionStore } from './connection-store';
import { applySession } from './ipp-cache';
import { useControlApi } from './ControlApiContext';
import { queryKeys } from './queries';
import { faultKeys } from './fault-queries';

/**
 * Keeps server state fresh from the event stream instead of polling: each event invalidates the
 * queries it affects. Returns the stream's state for the status indicator.
 */
export function useLiveUpdates(): ConnectionState {
  const api = useControlApi();
  const client = useQueryClient();
  const [state, setState] = useState<ConnectionState>('connecting');

  useEffect(() => {
    const offs = subscribeLiveUpdates(api, client);
    let wasOpen = false;
    const offConn = api.onConnection((next) => {
      // Events sent while the stream was not open are lost, including those between the first fetch and the
      // first open: refetch everything whenever it (re)opens.
      if (next === 'open' && wasOpen === false) void client.invalidateQueries();
      wasOpen = next === 'open';
      setState(next);
      // App-wide: the banner, the clock and the pages waiting for data follow it.
      useConnectionStore.getState().set(next);
    });
    return () => {
      offs.forEach((off) => off());
      offConn();
    };
  }, [api, client]);

  return state;
}

/** Each event's effect on the cached queries; returns the unsubscribe functions. */
export function subscribeLiveUpdates(api: ControlApi, client: QueryClient): (() => void)[] {
  const invalidate = (queryKey: readonly unknown[]) => void client.invalidateQueries({ queryKey });
  return [
    api.subscribe('order.created', () => invalidate(queryKeys.ordersList)),
    api.subscribe('order.updated', (order) => {
      invalidate(queryKeys.ordersList);
      invalidate(queryKeys.order(order.order_id));
      invalidate(queryKeys.session(order.order_id));
      // Faults applied in the checkout are kept with its session.
      invalidate(faultKeys.order(order.order_id));
    }),
    // The setting or an order's own set changed (another window, a script); faults applied after the purchase.
    api.subscribe('merchantFaults.changed', () => invalidate(faultKeys.all)),
    api.subscribe('om.order.updated', (order) => invalidate(faultKeys.order(order.order_id))),
    api.subscribe('exchange.recorded', (exchange) => {
      invalidate(queryKeys.exchanges);
      // A session's history links to its exchanges; a step run by a script shows up here too.
      if (exchange.order_id) invalidate(queryKeys.session(exchange.order_id));
    }),
    // Emptied from another window or by a script (`DELETE /test_helpers/exchanges`).
    api.subscribe('exchanges.cleared', () => invalidate(queryKeys.exchanges)),
    // A terminal's screen follows its session: creation, the customer's actions, a cancel, expiry.
    api.subscribe('ipp.session.updated', (session) => {
      applySession(client, session);
      invalidate(queryKeys.ipp);
    }),
    api.subscribe('ipp.device.changed', () => invalidate(queryKeys.ipp)),
    api.subscribe('elements.client.changed', (change) => {
      invalidate(queryKeys.clients);
      invalidate(queryKeys.client(change.client_id));
    }),
    // The clock, push attempts (coalesced), order management and notifications.
    ...subscribeAfterPurchase(api, client),
    api.subscribe('shipping.settings.changed', (settings) =>
      client.setQueryData(queryKeys.shippingSettings, settings),
    ),
    // Tracking arrives on the simulator clock; the session's shipping state follows it.
    api.subscribe('shipping.tracking.updated', (tracking) => {
      client.setQueryData(queryKeys.tracking(tracking.order_id), tracking);
      invalidate(queryKeys.session(tracking.order_id));
    }),
    api.subscribe('shipping.conformance.finished', () => invalidate(queryKeys.conformanceRuns)),
    // Changed by another window or by a script through the automation API.
    api.subscribe('settings.changed', (settings) => client.setQueryData(queryKeys.settings, settings)),
    api.subscribe('integrator.changed', (change) => {
      client.setQueryData(queryKeys.integratorInfo, change.info);
      client.setQueryData(queryKeys.integratorFaults, change.faults);
    }),
    // A burst (a clock advance firing pushes by the thousand) was sent only its first events of some
    // names (src-main/core/event-feed.ts): what the console shows is read again.
    api.subscribe('events.skipped', () => void client.invalidateQueries()),
  ];
}
