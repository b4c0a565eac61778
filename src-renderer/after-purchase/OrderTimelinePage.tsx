import { ClockControls } from '../clock/ClockControls';
import { formatRoute } from '../router/routes';
import { TimelineCard } from '../timeline/TimelineCard';
import { SimDefinedBadge } from '../ui/SimDefinedBadge';
import { OmPanel } from './OmPanel';
import './after-purchase.css';

/** One order after the purchase: its push timeline beside the clock, and its order management state. */
export function OrderTimelinePage({ orderId }: { orderId: string }) {
  return (
    <div className="page" data-testid="order-timeline-page">
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <a href={formatRoute({ name: 'orders' })}>Orders</a>
        <span aria-hidden="true"> / </span>
        <a className="mono" href={formatRoute({ name: 'order', orderId })} data-testid="timeline-order-link">
          {orderId}
        </a>
        <span aria-hidden="true"> / </span>
        After purchase
      </nav>
      <header className="page-header">
        <h1>After purchase</h1>
        <span className="spacer" />
        <a className="btn" href={formatRoute({ name: 'push' })} data-testid="timeline-overview-link">
          All orders awaiting acknowledgement
        </a>
        <a className="btn" href={formatRoute({ name: 'log', orderId })} data-testid="timeline-log-link">
          View log
        </a>
      </header>
      <ClockControls />
      <section className="card" aria-labelledby="timeline-title" data-testid="push-timeline-card">
        <h2 id="timeline-title">
          Push timeline
          <SimDefinedBadge inline />
        </h2>
        <TimelineCard orderId={orderId} withTable />
      </section>
      <OmPanel orderId={orderId} />
    </div>
  );
}
