import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type ConnectionState } from './control-api';
import { useControlApi } from './ControlApiContext';
import { queryKeys } from './queries';

/**
 * Keeps server state fresh from the event stream instead of polling: each event invalidates the
 * queries it affects. Returns the stream's state for the status indicator.
 */
export function useLiveUpdates(): ConnectionState {
  const api = useControlApi();
  const client = useQueryClient();
  const [state, setState] = useState<ConnectionState>('connecting');

  useEffect(() => {
    const offs = [
      api.subscribe('order.created', () => void client.invalidateQueries({ queryKey: queryKeys.ordersList })),
      api.subscribe('order.updated', (order) => {
        void client.invalidateQueries({ queryKey: queryKeys.ordersList });
        void client.invalidateQueries({ queryKey: queryKeys.order(order.order_id) });
      }),
      api.subscribe(
        'exchange.recorded',
        () => void client.invalidateQueries({ queryKey: queryKeys.exchanges }),
      ),
    ];
    let wasOpen = false;
    const offConn = api.onConnection((next) => {
      // Events sent while the stream was not open are lost, including those between the first fetch and the
      // first open: refetch everything whenever it (re)opens.
      if (next === 'open' && wasOpen === false) void client.invalidateQueries();
      wasOpen = next === 'open';
      setState(next);
    });
    return () => {
      offs.forEach((off) => off());
      offConn();
    };
  }, [api, client]);

  return state;
}
