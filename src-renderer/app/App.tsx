import { useEffect } from 'react';
import { useLiveUpdates } from '../api/useLiveUpdates';
import { LogPage } from '../log/LogPage';
import { OrderPage } from '../orders/OrderPage';
import { OrdersPage } from '../orders/OrdersPage';
import { formatRoute, type Route } from '../router/routes';
import { useRoute } from '../router/useRoute';
import { Sidebar } from './Sidebar';

/** The console: a sidebar and the page the hash points at. */
export function App() {
  const route = useRoute();
  const live = useLiveUpdates();

  useEffect(() => {
    document.title = `${pageTitle(route)} · Checkout Simulator`;
  }, [route]);

  return (
    <div className="shell">
      <Sidebar route={route} live={live} />
      <main className="main" data-testid="main">
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
      return <OrderPage key={route.orderId} orderId={route.orderId} />;
    case 'log':
      return <LogPage />;
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
    case 'log':
      return 'Log';
    case 'not-found':
      return 'Not found';
  }
}
