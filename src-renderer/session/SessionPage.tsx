import { type SessionView } from '@shared/contract/checkout-ops';
import { type StepResult } from '@shared/schemas/session.schema';
import { useMemo, useState } from 'react';
import { useExchanges, useSession } from '../api/queries';
import { formatMoney } from '../format/money';
import { MoneyLocale } from '../format/MoneyLocale';
import { Addresses, MerchantUrls, OrderFacts } from '../parts/OrderDetails';
import { OrderLinesTable } from '../parts/OrderLinesTable';
import { SaveAsScenario } from '../parts/SaveAsScenario';
import { formatRoute } from '../router/routes';
import { QueryStatus } from '../ui/QueryStatus';
import { ShipmentCard } from './shipping/ShipmentCard';
import { StatusBadge } from '../ui/StatusBadge';
import { AbortButton } from './SessionControls';
import { SessionHistory } from './SessionHistory';
import { CallbacksCard, SessionWarnings } from './SessionSetup';
import { CustomerCard } from './CustomerCard';
import { OrderFaultsCard } from '../faults/OrderFaultsCard';
import {
  currentStep,
  latestResult,
  sessionPhase,
  SessionOrderSchema,
  stepperItems,
  type StepKey,
} from './session-view';
import { StepPanel } from './StepPanel';
import { StepResultCard } from './StepResultCard';
import { latestProblem } from './first-failure';
import { CallbacksRan, FirstFailure } from './OrderAtAGlance';
import { OrderHeadline } from './OrderHeadline';
import { orderVerdict, pushFacts, tilesAfter } from './order-verdict';
import { usePushTimeline } from '../api/after-purchase-queries';
import { Fold } from '../ui/Fold';
import { Stepper } from './Stepper';
import '../styles/orders.css';
import './session.css';

/** One checkout order played as a session: the stepper, the customer's forms, what each step did. */
export function SessionPage({ orderId }: { orderId: string }) {
  const session = useSession(orderId);
  return (
    <div className="page" data-testid="order-page">
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <a href={formatRoute({ name: 'orders' })} data-testid="order-back">
          Orders
        </a>
        <span aria-hidden="true"> / </span>
        <span className="mono">{orderId}</span>
      </nav>
      <QueryStatus isPending={session.isPending} error={session.error} what="the order">
        {session.data === null ? (
          <div className="notice notice-error" data-testid="order-not-found">
            The simulator has no order with id <code>{orderId}</code>.
          </div>
        ) : (
          session.data && (
            // Every amount under the order in its own locale, as the checkout and the shop write it.
            <MoneyLocale locale={localeOf(session.data.order)}>
              <SessionBody view={session.data} orderId={orderId} />
            </MoneyLocale>
          )
        )}
      </QueryStatus>
    </div>
  );
}

function SessionBody({ view, orderId }: { view: SessionView; orderId: string }) {
  const parsed = SessionOrderSchema.safeParse(view.order);
  const [chosen, setChosen] = useState<StepKey | null>(null);
  const [justRun, setJustRun] = useState<StepResult | undefined>();
  const exchangesQuery = useExchanges(orderId);
  const push = usePushTimeline(orderId);
  const exchanges = useMemo(
    () => new Map((exchangesQuery.data ?? []).map((e) => [e.id, e])),
    [exchangesQuery.data],
  );
  if (!parsed.success) {
    return (
      <div className="notice notice-error" data-testid="order-unreadable">
        The order could not be read: {parsed.error.issues[0]?.message}
        <pre className="code-block">{JSON.stringify(view.order, null, 2)}</pre>
      </div>
    );
  }
  const order = parsed.data;
  const phase = sessionPhase(view.status);
  const shown = chosen ?? currentStep(view, order);
  const latest = latestResult(view.state.history, justRun);
  const onResult = (r: StepResult) => {
    setJustRun(r);
    // Follow the session to its next step (a rejected address stays on the address).
    setChosen(null);
  };

  const problem = latestProblem(view.state.history, exchangesQuery.data ?? []);
  const verdict = orderVerdict({
    phase,
    history: view.state.history,
    exchanges: exchangesQuery.data ?? [],
    push: pushFacts(push.data ?? null),
  });
  // The headline tells the newest problem when it is the same exchange; otherwise both stand, worst first.
  const problemTold =
    problem !== null && verdict?.exchangeId !== undefined && problem.exchangeId === verdict.exchangeId;

  return (
    <>
      <header className="page-header">
        <h1 className="mono order-title" data-testid="order-id">
          {order.order_id}
        </h1>
        <StatusBadge status={view.status} />
        <span className="spacer" />
        <span className="amount-large" data-testid="order-amount">
          {formatMoney(order.order_amount, order.purchase_currency, order.locale)}
        </span>
        <a className="btn" href={formatRoute({ name: 'log', orderId })} data-testid="order-log-link">
          View log
        </a>
        <SaveAsScenario orderId={orderId} />
        {phase === 'open' && <AbortButton orderId={orderId} />}
      </header>
      {verdict && (
        <OrderHeadline verdict={verdict} problem={problem} orderId={orderId} expiresAt={order.expires_at} />
      )}
      {!problemTold && <FirstFailure problem={problem} orderId={orderId} />}
      <SessionWarnings warnings={view.state.warnings} />
      <Stepper items={tilesAfter(stepperItems(view, order), verdict)} shown={shown} onShow={setChosen} />
      <CallbacksRan exchanges={exchangesQuery.data ?? []} orderId={orderId} />
      <StepPanel
        key={shown}
        shown={shown}
        view={view}
        order={order}
        disabled={phase !== 'open'}
        onResult={onResult}
      />
      {latest && (
        <StepResultCard
          result={latest}
          orderId={orderId}
          currency={order.purchase_currency}
          exchanges={exchanges}
        />
      )}
      <ShipmentCard view={view} order={order} />
      <CustomerCard view={view} exchanges={exchangesQuery.data ?? []} />
      <OrderFaultsCard orderId={orderId} />
      <SessionHistory history={view.state.history} orderId={orderId} exchanges={exchanges} />
      <Fold title="Cart" hint={cartHint(order)} testId="fold-cart">
        <OrderLinesTable
          lines={order.order_lines}
          currency={order.purchase_currency}
          orderAmount={order.order_amount}
          orderTaxAmount={order.order_tax_amount}
        />
      </Fold>
      <Fold title="Order details" hint="country, locale, times, addresses" testId="fold-details">
        <OrderFacts order={order} />
        <Addresses billing={order.billing_address} shipping={order.shipping_address} />
      </Fold>
      <Fold
        title="Callback URLs"
        hint={`${Object.keys(view.callbacks).length} registered`}
        testId="fold-callbacks"
      >
        <CallbacksCard callbacks={view.callbacks} />
        {order.merchant_urls && <MerchantUrls urls={order.merchant_urls} />}
      </Fold>
      <Fold title="Order JSON" hint="as the API answers it" testId="order-raw">
        <pre className="code-block">{JSON.stringify(order, null, 2)}</pre>
      </Fold>
    </>
  );
}

/** The order's locale, when its document has one. */
function localeOf(order: unknown): string | undefined {
  const locale = (order as { locale?: unknown } | null)?.locale;
  return typeof locale === 'string' ? locale : undefined;
}

function cartHint(order: {
  order_lines: readonly unknown[];
  order_amount: number;
  purchase_currency: string;
  locale?: string | undefined;
}) {
  const n = order.order_lines.length;
  return `${n} line${n === 1 ? '' : 's'} · ${formatMoney(order.order_amount, order.purchase_currency, order.locale)}`;
}
