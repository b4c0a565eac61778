import { type Exchange } from '@shared/schemas/exchange.schema';
import { formatWhen } from '../format/time';
import { formatRoute } from '../router/routes';
import { OutcomeBadge } from '../ui/OutcomeBadge';
import { SimDefinedBadge } from '../ui/SimDefinedBadge';
import { CartDiffView } from './CartDiffView';
import { type HistoryEntry } from './session-view';

/** `address_update → 400`, or the id while the exchange is not loaded. */
function exchangeLabel(id: string, e: Exchange | undefined): string {
  if (!e) return id;
  return `${e.kind} → ${e.status ?? e.outcome ?? 'no answer'}`;
}

export const STEP_WORDS: Record<HistoryEntry['step'], string> = {
  create: 'Order created',
  update: 'Order updated by the merchant',
  country: 'Country step',
  address: 'Address step',
  shipping_option: 'Shipping option step',
  complete: 'Pay step',
  upsell: 'Upsell recommendations',
  upsell_accept: 'Upsell line added by the customer',
};

/** Steps whose payloads the simulator defines (the upsell callbacks, GAPS.md). */
const SIM_DEFINED_STEPS = new Set<HistoryEntry['step']>(['upsell', 'upsell_accept']);

/** What a step did: outcome, the simulator's sentence, notes, the cart's before/after and the exchanges. */
export function StepResultCard({
  result,
  orderId,
  currency,
  exchanges,
}: {
  result: HistoryEntry;
  orderId: string;
  currency: string;
  exchanges?: ReadonlyMap<string, Exchange>;
}) {
  return (
    <section
      className={`card result result-${result.outcome}`}
      data-testid="step-result"
      data-outcome={result.outcome}
      data-step={result.step}
      aria-live="polite"
    >
      <header className="result-header">
        <OutcomeBadge outcome={result.outcome} testId="step-result-outcome" />
        <h2>
          {STEP_WORDS[result.step]}
          {SIM_DEFINED_STEPS.has(result.step) && <SimDefinedBadge inline />}
        </h2>
        <span className="spacer" />
        <span className="muted small">{formatWhen(result.at)}</span>
      </header>
      <p className="result-message selectable" data-testid="step-result-message">
        {result.message}
      </p>
      {result.redirect_url && (
        <p data-testid="step-result-redirect">
          The customer is sent to <span className="mono wrap-anywhere selectable">{result.redirect_url}</span>
        </p>
      )}
      {result.notes.length > 0 && (
        <ul className="notes" data-testid="step-result-notes">
          {result.notes.map((n, i) => (
            <li key={i}>{n}</li>
          ))}
        </ul>
      )}
      {result.changes.length > 0 && (
        <CartDiffView changes={result.changes} currency={currency} step={result.step} />
      )}
      <ExchangeLinks ids={result.exchange_ids} orderId={orderId} exchanges={exchanges} />
    </section>
  );
}

/** Links to the exchanges a step caused, each opening the log filtered by the order with it unfolded. */
export function ExchangeLinks({
  ids,
  orderId,
  exchanges,
}: {
  ids: readonly string[];
  orderId: string;
  exchanges?: ReadonlyMap<string, Exchange>;
}) {
  if (ids.length === 0) return <p className="muted small">No call was made.</p>;
  return (
    <p className="small exchange-links">
      {ids.length === 1 ? 'Exchange: ' : 'Exchanges: '}
      {ids.map((id) => (
        <a
          key={id}
          className="mono"
          href={formatRoute({ name: 'log', orderId, exchangeId: id })}
          data-testid="step-result-exchange"
        >
          {exchangeLabel(id, exchanges?.get(id))}
        </a>
      ))}
    </p>
  );
}
