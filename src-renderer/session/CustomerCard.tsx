import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type SessionView } from '@shared/contract/checkout-ops';
import { ARRIVAL_LABELS, ARRIVAL_MODES, type ArrivalMode } from '@shared/schemas/arrival.schema';
import { type Exchange } from '@shared/schemas/exchange.schema';
import { useControlApi } from '../api/ControlApiContext';
import { queryKeys, useSettings } from '../api/queries';
import { formatWhen } from '../format/time';
import { SimDefinedBadge } from '../ui/SimDefinedBadge';
import { ErrorSummary } from '../form/ErrorSummary';
import { toFormErrors } from '../form/problems';
import { CopyButton } from '../ui/CopyButton';
import { useMoney } from '../format/MoneyLocale';
import { eventWords } from './page-event-words';
import { Options } from '../form/Options';

const CLIENT_EVENT = 'client_event.';

/**
 * The customer's side of the order: its embedded checkout (what html_snippet loads, here to open on its
 * own), who tells the merchant first when it completes, and the client-side events the merchant's page
 * was told, in order.
 */
export function CustomerCard({ view, exchanges }: { view: SessionView; exchanges: readonly Exchange[] }) {
  // The log lists the newest first; the page was told them oldest first.
  const events = exchanges.filter((e) => e.kind.startsWith(CLIENT_EVENT)).reverse();
  const open = view.status === 'checkout_incomplete';
  return (
    <section className="card" data-testid="session-customer">
      <h2>
        The customer’s checkout <SimDefinedBadge inline />
      </h2>
      <p className="hint">
        Your page embeds it with the order’s html_snippet. Opened on its own, it is the same checkout without
        your page around it: steps taken there run the same callbacks as the forms here.
      </p>
      <div className="row-actions">
        <a
          className="btn"
          href={view.customer_url}
          target="_blank"
          rel="noreferrer"
          data-testid="session-customer-open"
        >
          Open the checkout as the customer
        </a>
        <CopyButton text={view.customer_url} label="Copy its address" testId="session-customer-copy" />
      </div>
      <Arrival view={view} open={open} />
      <details className="client-events-fold" data-testid="session-client-events-fold">
        <summary>What your page was told ({events.length})</summary>
        {events.length === 0 ? (
          <p className="muted" data-testid="session-client-events-none">
            No client-side event yet: they appear here when the checkout runs in a page.
          </p>
        ) : (
          <ol className="client-events" data-testid="session-client-events">
            {events.map((e) => (
              <PageEvent key={e.id} event={e} currency={String(view.order.purchase_currency ?? '')} />
            ))}
          </ol>
        )}
      </details>
    </section>
  );
}

/** One event the page was told: its name and time, what it carried in words, the raw body one click away. */
function PageEvent({ event: e, currency }: { event: Exchange; currency: string }) {
  const fmtMoney = useMoney();
  const money = (minor: number) => (currency ? fmtMoney(minor, currency) : String(minor));
  return (
    <li data-testid="session-client-event" data-event={e.outcome ?? ''}>
      <span className="mono">{e.kind.slice(CLIENT_EVENT.length)}</span>{' '}
      <span className="muted small">{formatWhen(e.at)}</span>
      {e.request.body && (
        <>
          {' '}
          <span className="small wrap-anywhere" data-testid="session-client-event-words">
            {eventWords(e.request.body, money)}
          </span>{' '}
          <details className="client-event-raw">
            <summary className="muted small">raw</summary>
            <code className="small wrap-anywhere" data-testid="session-client-event-raw">
              {e.request.body}
            </code>
          </details>
        </>
      )}
    </li>
  );
}

function Arrival({ view, open }: { view: SessionView; open: boolean }) {
  const api = useControlApi();
  const client = useQueryClient();
  const settings = useSettings();
  const choose = useMutation({
    mutationFn: (mode: ArrivalMode | null) =>
      api.invoke('session.arrival', { orderId: view.order.order_id as string, mode }),
    onSuccess: () =>
      void client.invalidateQueries({ queryKey: queryKeys.session(view.order.order_id as string) }),
  });
  const applied = view.state.arrival;
  if (applied) {
    return (
      <p data-testid="session-arrival-applied" data-mode={applied.mode}>
        <strong>When it completed:</strong> {ARRIVAL_LABELS[applied.mode]} ·{' '}
        <span className="muted">{applied.from === 'order' ? 'this order’s choice' : 'by the setting'}</span>
      </p>
    );
  }
  const fallback = settings.data ? ARRIVAL_LABELS[settings.data.confirmation_arrival] : 'the setting';
  return (
    <div className="form-grid">
      <label className="field span-all">
        <span className="field-label">Who tells your server first when the customer pays</span>
        <select
          className="input"
          value={view.state.arrival_mode ?? ''}
          disabled={!open || choose.isPending}
          onChange={(e) => choose.mutate(e.target.value === '' ? null : (e.target.value as ArrivalMode))}
          data-testid="session-arrival"
        >
          <option value="">As the setting: {fallback}</option>
          <Options values={ARRIVAL_MODES} label={(m) => ARRIVAL_LABELS[m]} />
        </select>
      </label>
      <ErrorSummary errors={toFormErrors(choose.error)} testId="session-arrival-error" />
    </div>
  );
}
