import { useQuery } from '@tanstack/react-query';
import { useControlApi } from './ControlApiContext';

/** Query keys, shared by the hooks below and by the event-driven invalidation. */
export const queryKeys = {
  appInfo: ['app.info'] as const,
  orders: ['orders'] as const,
  ordersList: ['orders', 'list'] as const,
  order: (orderId: string) => ['orders', 'get', orderId] as const,
  exchanges: ['exchanges'] as const,
  exchangesList: (limit: number) => ['exchanges', 'list', limit] as const,
};

/** How many orders and exchanges the console loads; the server caps both at 1000. */
export const ORDERS_LIMIT = 500;
export const EXCHANGES_LIMIT = 500;

export function useAppInfo() {
  const api = useControlApi();
  // The connection info does not change while the app runs.
  return useQuery({
    queryKey: queryKeys.appInfo,
    queryFn: () => api.invoke('app.info', {}),
    staleTime: Infinity,
  });
}

export function useOrders() {
  const api = useControlApi();
  return useQuery({
    queryKey: queryKeys.ordersList,
    queryFn: () => api.invoke('orders.list', { limit: ORDERS_LIMIT }),
  });
}

export function useOrder(orderId: string) {
  const api = useControlApi();
  return useQuery({
    queryKey: queryKeys.order(orderId),
    queryFn: () => api.invoke('orders.get', { orderId }),
  });
}

export function useExchanges() {
  const api = useControlApi();
  return useQuery({
    queryKey: queryKeys.exchangesList(EXCHANGES_LIMIT),
    queryFn: () => api.invoke('exchanges.list', { limit: EXCHANGES_LIMIT }),
  });
}
