import { useEffect } from 'react';
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

function Page({ route }: { route: Route }) {
  switch (route.name) {
    case 'orders':
      return <OrdersPage />;
    case 'order':
      // Keyed so that switching orders starts from a clean page state.
      return <SessionPage key={route.orderId} orderId={route.orderId} />;
    case 'order-new':
      return <CreateOrderPage />;
    case 'order-timeline':
      return <OrderTimelinePage key={route.orderId} orderId={route.orderId} />;
    case 'push':
      return <PushOverviewPage />;
    case 'log':
      return <LogPage route={route} />;
    case 'settings':
      return <SettingsPage />;
    case 'terminals':
      return <TerminalsPage expandSessionId={route.sessionId} />;
    case 'clients':
      return <ClientsPage />;
    case 'client':
      return <ClientPage key={route.clientId} clientId={route.clientId} />;
    case 'shipping':
      return <ShippingPage />;
    case 'conformance':
      return <ConformancePage runId={route.runId} />;
    case 'scenarios':
      return <ScenariosPage />;
    case 'explore':
      return <ExplorePage />;
    case 'not-found':
      return (
        <div className="page" data-testid="not-found">
          <h1>Page not found</h1>
          <p>
            There is no page at <code>{route.path}</code>.{' '}
            <a href={formatRoute({ name: 'orders' })}>Go to orders</a>
          </p>
        </div>
      );
  }
}

function pageTitle(route: Route): string {
  switch (route.name) {
    case 'orders':
      return 'Orders';
    case 'order':
      return `Order ${route.orderId}`;
    case 'order-new':
      return 'New order';
    case 'order-timeline':
      return `After purchase ${route.orderId}`;
    case 'push':
      return 'Push';
    case 'log':
      return 'Log';
    case 'settings':
      return 'Settings';
    case 'terminals':
      return 'Terminals';
    case 'clients':
      return 'Clients';
    case 'client':
      return `Client ${route.clientId}`;
    case 'shipping':
      return 'Shipping';
    case 'conformance':
      return 'Integrator conformance';
    case 'scenarios':
      return 'Scenarios';
    case 'explore':
      return 'Explore';
    case 'not-found':
      return 'Not found';
  }
}
