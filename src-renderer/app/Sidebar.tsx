import { TlsBadge } from '../after-purchase/TlsBadge';
import { type ConnectionState } from '../api/control-api';
import { SidebarClock } from '../clock/SidebarClock';
import { formatRoute, type Route } from '../router/routes';
import { useConnectionStore } from '../api/connection-store';
import { ConnectionInfo } from './ConnectionInfo';

const LIVE_LABEL: Record<ConnectionState, string> = {
  open: 'Live',
  connecting: 'Connecting…',
  closed: 'Disconnected',
};

/** The app's frame: name, navigation, live status and connection info. */
export function Sidebar({ route, live }: { route: Route; live: ConnectionState }) {
  const section = sectionOf(route);
  // Reconnecting for longer than a blip is "not answering", said in red (the banner says the rest).
  const down = useConnectionStore((c) => c.down);
  const shown: ConnectionState = down ? 'closed' : live;
  return (
    <aside className="sidebar">
      <div className="sidebar-inner">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true">
            ✓
          </span>
          <span className="brand-name" data-testid="app-name">
            Checkout Simulator
          </span>
        </div>
        <nav className="nav" aria-label="Main">
          <NavLink to={{ name: 'orders' }} active={section === 'orders'} testId="nav-orders">
            Orders
          </NavLink>
          <NavLink to={{ name: 'push' }} active={section === 'push'} testId="nav-push">
            Push
          </NavLink>
          <NavLink to={{ name: 'terminals' }} active={section === 'terminals'} testId="nav-terminals">
            Terminals
          </NavLink>
          <NavLink to={{ name: 'clients' }} active={section === 'clients'} testId="nav-clients">
            Clients
          </NavLink>
          <NavLink to={{ name: 'shipping' }} active={section === 'shipping'} testId="nav-shipping">
            Shipping
          </NavLink>
          <NavLink to={{ name: 'conformance' }} active={section === 'conformance'} testId="nav-conformance">
            Conformance
          </NavLink>
          <NavLink to={{ name: 'scenarios' }} active={section === 'scenarios'} testId="nav-scenarios">
            Scenarios
          </NavLink>
          <NavLink to={{ name: 'explore' }} active={section === 'explore'} testId="nav-explore">
            Explore
          </NavLink>
          <NavLink to={{ name: 'log' }} active={section === 'log'} testId="nav-log">
            Log
          </NavLink>
          <NavLink to={{ name: 'settings' }} active={section === 'settings'} testId="nav-settings">
            Settings
          </NavLink>
        </nav>
        <SidebarClock />
        <TlsBadge />
        <ConnectionInfo
          live={
            <span className={`live live-${shown}`} data-testid="live-status" data-state={live}>
              <span className="live-dot" aria-hidden="true" />
              {down ? 'Not answering' : LIVE_LABEL[live]}
            </span>
          }
        />
      </div>
    </aside>
  );
}

/** The navigation entry a page belongs to. */
function sectionOf(route: Route): Route['name'] {
  if (route.name === 'order' || route.name === 'order-new' || route.name === 'order-timeline')
    return 'orders';
  if (route.name === 'client') return 'clients';
  return route.name;
}

function NavLink({
  to,
  active,
  testId,
  children,
}: {
  to: Route;
  active: boolean;
  testId: string;
  children: string;
}) {
  return (
    <a
      href={formatRoute(to)}
      className={active ? 'nav-link active' : 'nav-link'}
      aria-current={active ? 'page' : undefined}
      data-testid={testId}
    >
      {children}
    </a>
  );
}
