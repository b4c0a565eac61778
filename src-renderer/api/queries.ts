import { useOp } from './use-op';

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
  // The connection info does not change while the app runs.
  return useOp(queryKeys.appInfo, 'app.info', {}, { staleTime: Infinity });
}

export function useOrders() {
  return useOp(
    queryKeys.ordersList,
    'orders.list',
    { limit: ORDERS_LIMIT },
    { select: (page) => page.orders },
  );
}

/** The checkout session of an order (order, simulator state, status), or null when the order is unknown. */
export function useSession(orderId: string) {
  return useOp(queryKeys.session(orderId), 'session.get', { orderId });
}

/** What the customer sees of the order now (totals with the shipping fee, warnings), or null when unknown. */
export function useCustomerView(orderId: string) {
  return useOp(queryKeys.customerView(orderId), 'session.customerView', { orderId });
}

/** The newest exchanges, or, with an order id, every exchange of that order (filtered by the server). */
export function useExchanges(orderId?: string) {
  return useOp(
    orderId ? queryKeys.exchangesOfOrder(orderId) : queryKeys.exchangesList(EXCHANGES_LIMIT),
    'exchanges.list',
    orderId ? { orderId, limit: EXCHANGES_LIMIT } : { limit: EXCHANGES_LIMIT },
  );
}

export function useSettings() {
  return useOp(queryKeys.settings, 'settings.get', {});
}

/** What the console remembers between sessions (merchant URLs, market). */
export function useUiPrefs() {
  return useOp(queryKeys.uiPrefs, 'ui.prefs.get', {}, { staleTime: Infinity });
}

/** Every registered device, each with the session its terminal shows (null when idle). */
export function useIppDevices() {
  return useOp(queryKeys.ippDevices, 'ipp.devices.list', {});
}

/** The newest in-person sessions of every device, each with its history. */
export function useIppSessions() {
  return useOp(queryKeys.ippSessions, 'ipp.sessions.list', { limit: IPP_SESSIONS_LIMIT });
}

/** Every elements client of the merchant the console acts as. */
export function useClients() {
  return useOp(queryKeys.clients, 'elements.clients.list', {});
}

/** One elements client, or null when it does not exist (any more). */
export function useClient(clientId: string) {
  return useOp(queryKeys.client(clientId), 'elements.client.get', { client_id: clientId });
}

/** The shipping assistant's settings (the key masked). */
export function useShippingSettings() {
  return useOp(queryKeys.shippingSettings, 'shipping.settings.get', {});
}

/** A purchase's shipment and its tracking as polled; null when the order has none. */
export function useShipmentTracking(orderId: string, enabled = true) {
  return useOp(queryKeys.tracking(orderId), 'shipping.tracking.get', { orderId }, { enabled });
}

/** Earlier conformance runs, newest first. */
export function useConformanceRuns() {
  return useOp(
    queryKeys.conformanceRuns,
    'shipping.conformance.list',
    { limit: 50 },
    { select: (list) => list.runs },
  );
}

/** One conformance run's scorecard, or null when unknown. */
export function useConformanceRun(runId: string | undefined) {
  return useOp(
    queryKeys.conformanceRun(runId ?? ''),
    'shipping.conformance.get',
    { runId: runId ?? '' },
    // A finished run never changes.
    { enabled: runId !== undefined, staleTime: Infinity },
  );
}

/** The built-in fake integrator's credentials and settings. */
export function useIntegratorInfo() {
  return useOp(queryKeys.integratorInfo, 'integrator.info', {});
}

/** The built-in fake integrator's fault switches. */
export function useIntegratorFaults() {
  return useOp(queryKeys.integratorFaults, 'integrator.faults.get', {});
}
