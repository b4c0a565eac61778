import { type ReactNode, useEffect } from 'react';
import { OrderTimelinePage } from '../after-purchase/OrderTimelinePage';
import { PushOverviewPage } from '../after-purchase/PushOverviewPage';
import { useLiveUpdates } from '../api/useLiveUpdates';
import { useAppliedTheme } from '../ui/useTheme';
import { ClientPage } from '../clients/ClientPage';
import { ClientsPage } from '../clients/ClientsPage';
import { LogPage } from '../log/LogPage';
import { CreateOrderPage } from '../create/CreateOrderPage';
import { ExplorePage } from '../explore/ExplorePage';
import { OrdersPage } from '../orders/OrdersPage';
import { ConformancePage } from '../integrator/ConformancePage';
import { ShippingPage } from '../integrator/ShippingPage';
import { formatRoute, type Route } from '../router/routes';
import { useRoute } from '../router/useRoute';
import { ScenariosPage } from '../scenarios/ScenariosPage';
import { SessionPage } from '../session/SessionPage';
import { SettingsPage } from '../settings/SettingsPage';
import { TerminalsPage } from '../terminals/TerminalsPage';
import { DiskFullBanner } from './DiskFullBanner';
import { ServerDownBanner } from './ServerDownBanner';
import { Sidebar } from './Sidebar';

/** The console: a sidebar and the page the hash points at. */
export function App() {
  const route = useRoute();
  const live = useLiveUpdates();
  useAppliedTheme();

  useEffect(() => {
    document.title = `${pageTitle(route)} · Checkout Simulator`;
  }, [route]);

  return (
    <div className="shell">
      {/* The first stop of the keyboard: past the sidebar's links to the page (hash links are routes here). */}
      <a
        className="skip-link"
        href="#main"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
        data-testid="skip-link"
      >
        Skip to the page
      </a>
      <Sidebar route={route} live={live} />
      <main className="main" id="main" tabIndex={-1} data-testid="main">
        <ServerDownBanner />
        <DiskFullBanner />
        <Page route={route} />
      </main>
    </div>
  );
}

/** What the console shows for one kind of route: the window's title and the page. */
interface PageEntry<N extends Route['name']> {
  title: (route: Extract<Route, { name: N }>) => string;
  render: (route: Extract<Route, { name: N }>) => ReactNode;
}

/** Every route's page and title, in one table so that a new route cannot have one without the other. */
const PAGES: { [N in Route['name']]: PageEntry<N> } = {
  orders: { title: () => 'Orders', render: () => <OrdersPage /> },
  // Keyed so that switching orders starts from a clean page state.
  order: {
    title: (r) => `Order ${r.orderId}`,
    render: (r) => <SessionPage key={r.orderId} orderId={r.orderId} />,
  },
  'order-new': { title: () => 'New order', render: () => <CreateOrderPage /> },
  'order-timeline': {
    title: (r) => `After purchase ${r.orderId}`,
    render: (r) => <OrderTimelinePage key={r.orderId} orderId={r.orderId} />,
  },
  push: { title: () => 'Push', render: () => <PushOverviewPage /> },
  log: { title: () => 'Log', render: (r) => <LogPage route={r} /> },
  settings: { title: () => 'Settings', render: () => <SettingsPage /> },
  terminals: { title: () => 'Terminals', render: (r) => <TerminalsPage expandSessionId={r.sessionId} /> },
  clients: { title: () => 'Clients', render: () => <ClientsPage /> },
  client: {
    title: (r) => `Client ${r.clientId}`,
    render: (r) => <ClientPage key={r.clientId} clientId={r.clientId} />,
  },
  shipping: { title: () => 'Shipping', render: () => <ShippingPage /> },
  conformance: { title: () => 'Integrator conformance', render: (r) => <ConformancePage runId={r.runId} /> },
  scenarios: { title: () => 'Scenarios', render: () => <ScenariosPage /> },
  explore: { title: () => 'Explore', render: () => <ExplorePage /> },
  'not-found': { title: () => 'Not found', render: (r) => <NotFound path={r.path} /> },
};

/** The table's entry for a route, typed for that route (TypeScript cannot tie the two by itself). */
const entryOf = (route: Route) => PAGES[route.name] as PageEntry<Route['name']>;

function Page({ route }: { route: Route }) {
  return entryOf(route).render(route);
}

function pageTitle(route: Route): string {
  return entryOf(route).title(route);
}

function NotFound({ path }: { path: string }) {
  return (
    <div className="page" data-testid="not-found">
      <h1>Page not found</h1>
      <p>
        There is no page at <code>{path}</code>. <a href={formatRoute({ name: 'orders' })}>Go to orders</a>
      </p>
    </div>
  );
}
