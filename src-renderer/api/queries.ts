import { useQuery } from '@tanstack/react-query';
import { useControlApi } from './ControlApiContext';

/** Query keys, shared by the hooks below and by the event-driven invalidation. */
export const queryKeys = {
  appInfo: ['app.info'] as const,
  orders: ['orders'] as const,
  ordersList: ['orders', 'list'] as const,
  order: (orderId: string) => ['orders', 'get', orderId] as const,
  sessions: ['session'] as const,
  session: (orderId: string) => ['session', orderId] as const,
  /** Under the session's key, so whatever refreshes the session refreshes this too. */
  customerView: (orderId: string) => ['session', orderId, 'customer'] as const,
  exchanges: ['exchanges'] as const,
  exchangesList: (limit: number) => ['exchanges', 'list', limit] as const,
  exchangesOfOrder: (orderId: string) => ['exchanges', 'order', orderId] as const,
  /** The log page's search: its own prefix, refreshed by the page itself (log/useLogPages.ts). */
  logSearch: (orderId: string, filter: string) => ['log', 'search', orderId, filter] as const,
  settings: ['settings'] as const,
  uiPrefs: ['ui.prefs'] as const,
  ipp: ['ipp'] as const,
  ippDevices: ['ipp', 'devices'] as const,
  ippSessions: ['ipp', 'sessions'] as const,
  clients: ['elements', 'clients'] as const,
  client: (clientId: string) => ['elements', 'client', clientId] as const,
  shippingSettings: ['shipping', 'settings'] as const,
  tracking: (orderId: string) => ['shipping', 'tracking', orderId] as const,
  conformanceRuns: ['shipping', 'conformance', 'list'] as const,
  conformanceRun: (runId: string) => ['shipping', 'conformance', 'get', runId] as const,
  integrator: ['integrator'] as const,
  integratorInfo: ['integrator', 'info'] as const,
  integratorFaults: ['integrator', 'faults'] as const,
};

/** How many orders and exchanges the console loads; the server caps both at 1000. */
export const ORDERS_LIMIT = 500;
export const EXCHANGES_LIMIT = 500;
/** How many in-person sessions the terminals page loads (newest first). */
export const IPP_SESSIONS_LIMIT = 200;

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
    select: (page) => page.orders,
  });
}

/** The checkout session of an order (order, simulator state, status), or null when the order is unknown. */
export function useSession(orderId: string) {
  const api = useControlApi();
  return useQuery({
    queryKey: queryKeys.session(orderId),
    queryFn: () => api.invoke('session.get', { orderId }),
  });
}

/** What the customer sees of the order now (totals with the shipping fee, warnings), or null when unknown. */
export function useCustomerView(orderId: string) {
  const api = useControlApi();
  return useQuery({
    queryKey: queryKeys.customerView(orderId),
    queryFn: () => api.invoke('session.customerView', { orderId }),
  });
}

/** The newest exchanges, or, with an order id, every exchange of that order (filtered by the server). */
export function useExchanges(orderId?: string) {
  const api = useControlApi();
  return useQuery({
    queryKey: orderId ? queryKeys.exchangesOfOrder(orderId) : queryKeys.exchangesList(EXCHANGES_LIMIT),
    queryFn: () =>
      api.invoke(
        'exchanges.list',
        orderId ? { orderId, limit: EXCHANGES_LIMIT } : { limit: EXCHANGES_LIMIT },
      ),
  });
}

export function useSettings() {
  const api = useControlApi();
  return useQuery({ queryKey: queryKeys.settings, queryFn: () => api.invoke('settings.get', {}) });
}

/** What the console remembers between sessions (merchant URLs, market). */
export function useUiPrefs() {
  const api = useControlApi();
  return useQuery({
    queryKey: queryKeys.uiPrefs,
    queryFn: () => api.invoke('ui.prefs.get', {}),
    staleTime: Infinity,
  });
}

/** Every registered device, each with the session its terminal shows (null when idle). */
export function useIppDevices() {
  const api = useControlApi();
  return useQuery({ queryKey: queryKeys.ippDevices, queryFn: () => api.invoke('ipp.devices.list', {}) });
}

/** The newest in-person sessions of every device, each with its history. */
export function useIppSessions() {
  const api = useControlApi();
  return useQuery({
    queryKey: queryKeys.ippSessions,
    queryFn: () => api.invoke('ipp.sessions.list', { limit: IPP_SESSIONS_LIMIT }),
  });
}

/** Every elements client of the merchant the console acts as. */
export function useClients() {
  const api = useControlApi();
  return useQuery({ queryKey: queryKeys.clients, queryFn: () => api.invoke('elements.clients.list', {}) });
}

/** One elements client, or null when it does not exist (any more). */
export function useClient(clientId: string) {
  const api = useControlApi();
  return useQuery({
    queryKey: queryKeys.client(clientId),
    queryFn: () => api.invoke('elements.client.get', { client_id: clientId }),
  });
}

/** The shipping assistant's settings (the key masked). */
export function useShippingSettings() {
  const api = useControlApi();
  return useQuery({
    queryKey: queryKeys.shippingSettings,
    queryFn: () => api.invoke('shipping.settings.get', {}),
  });
}

/** A purchase's shipment and its tracking as polled; null when the order has none. */
export function useShipmentTracking(orderId: string, enabled = true) {
  const api = useControlApi();
  return useQuery({
    queryKey: queryKeys.tracking(orderId),
    queryFn: () => api.invoke('shipping.tracking.get', { orderId }),
    enabled,
  });
}

/** Earlier conformance runs, newest first. */
export function useConformanceRuns() {
  const api = useControlApi();
  return useQuery({
    queryKey: queryKeys.conformanceRuns,
    queryFn: () => api.invoke('shipping.conformance.list', { limit: 50 }),
    select: (list) => list.runs,
  });
}

/** One conformance run's scorecard, or null when unknown. */
export function useConformanceRun(runId: string | undefined) {
  const api = useControlApi();
  return useQuery({
    queryKey: queryKeys.conformanceRun(runId ?? ''),
    queryFn: () => api.invoke('shipping.conformance.get', { runId: runId ?? '' }),
    enabled: runId !== undefined,
    // A finished run never changes.
    staleTime: Infinity,
  });
}

/** The built-in fake integrator's credentials and settings. */
export function useIntegratorInfo() {
  const api = useControlApi();
  return useQuery({ queryKey: queryKeys.integratorInfo, queryFn: () => api.invoke('integrator.info', {}) });
}

/** The built-in fake integrator's fault switches. */
export function useIntegratorFaults() {
  const api = useControlApi();
  return useQuery({
    queryKey: queryKeys.integratorFaults,
    queryFn: () => api.invoke('integrator.faults.get', {}),
  });
}
