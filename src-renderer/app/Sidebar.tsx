import { TlsBadge } from '../after-purchase/TlsBadge';
import { type ConnectionState } from '../api/control-api';
import { SidebarClock } from '../clock/SidebarClock';
import { formatRoute, type Route } from '../router/routes';
import { useConnectionStore } from '../api/connection-store';
import { ConnectionInfo } from './ConnectionInfo';

/** A page its name alone leads to (no order, client or path in its route). */
type NavPage = Exclude<Route, { orderId: string } | { clientId: string } | { path: string }>['name'];

const LIVE_LABEL: Record<ConnectionState, string> = {
  open: 'Live',
  connecting: 'Connecting…',
  closed: 'Disconnected',
};

/** The pages the navigation leads to, in its order, each with its link text (and test id `nav-<page>`). */
const NAV = [
  ['orders', 'Orders'],
  ['push', 'Push'],
  ['terminals', 'Terminals'],
  ['clients', 'Clients'],
  ['shipping', 'Shipping'],
  ['conformance', 'Conformance'],
  ['scenarios', 'Scenarios'],
  ['explore', 'Explore'],
  ['log', 'Log'],
  ['settings', 'Settings'],
] as const satisfies ReadonlyArray<readonly [NavPage, string]>;

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
          {NAV.map(([name, label]) => (
            <NavLink key={name} to={{ name }} active={section === name} testId={`nav-${name}`}>
              {label}
            </NavLink>
          ))}
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
