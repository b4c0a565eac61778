import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UiPrefs } from '@shared/contract/checkout-ops';
import { useEffect, useRef, useState } from 'react';
import { useControlApi } from '../api/ControlApiContext';
import { queryKeys, useUiPrefs } from '../api/queries';
import { formatRoute } from '../router/routes';
import { Form } from '../form/Form';
import { FORM_INVALID, toFormErrors, type FormErrors } from '../form/problems';
import { SaveBar } from '../form/SaveBar';
import { QueryStatus } from '../ui/QueryStatus';
import { CartEditor } from './CartEditor';
import { MerchantUrlsEditor } from './MerchantUrlsEditor';
import { OrderFields, SessionOptions } from './OrderFields';
import { defaultDraft, draftToBody, prefsFromDraft, validateDraft, type OrderDraft } from './order-form';
import { ShippingOptionsEditor } from './ShippingOptionsEditor';
import './create.css';

/** Creating a checkout order from the console, as the merchant's server would (`orders.create`). */
export function CreateOrderPage() {
  const prefs = useUiPrefs();
  return (
    <div className="page" data-testid="create-page">
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <a href={formatRoute({ name: 'orders' })}>Orders</a>
        <span aria-hidden="true"> / </span>
        New order
      </nav>
      <header className="page-header">
        <h1>New checkout order</h1>
      </header>
      <QueryStatus isPending={prefs.isPending} error={prefs.error} what="the remembered settings">
        {prefs.data && <CreateOrderForm prefs={prefs.data} />}
      </QueryStatus>
    </div>
  );
}

/** Paths the form shows next to a field; anything else goes to the summary. */
const CLAIMED =
  /^(purchase_country|purchase_currency|locale|merchant_reference1|merchant_urls\.\w+|order_lines\[\d+\].*|shipping_options(\[\d+\].*)?|shipping_countries(\[\d+\])?)$/;

function CreateOrderForm({ prefs }: { prefs: UiPrefs }) {
  const api = useControlApi();
  const client = useQueryClient();
  const [draft, setDraft] = useState<OrderDraft>(() => defaultDraft(prefs));
  const [localErrors, setLocalErrors] = useState<FormErrors | null>(null);
  // Bumped when problems are shown: the first marked field takes the focus (or the summary, if none is).
  const [focusTurn, setFocusTurn] = useState(0);
  const update = (patch: Partial<OrderDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const create = useMutation({
    mutationFn: async (body: unknown) => {
      const order = await api.invoke('orders.create', { body });
      // Remembered only once the simulator took the order, so a typo is not saved for next time.
      await api.invoke('ui.prefs.set', prefsFromDraft(draft)).catch(() => undefined);
      return order;
    },
    // The simulator's own refusal lands beside the fields too, and the focus with it.
    onError: () => setFocusTurn((n) => n + 1),
    onSuccess: (order) => {
      void client.invalidateQueries({ queryKey: queryKeys.uiPrefs });
      void client.invalidateQueries({ queryKey: queryKeys.ordersList });
      window.location.hash = formatRoute({ name: 'order', orderId: String(order.order_id) });
    },
  });
  const errors = localErrors ?? toFormErrors(create.error);
  const currency = draft.purchase_currency.trim().toUpperCase() || 'SEK';
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (focusTurn === 0) return;
    const first = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (first ?? form.current?.querySelector<HTMLElement>('[data-testid="create-error"]'))?.focus();
  }, [focusTurn]);

  const submit = () => {
    create.reset();
    // Everything at once, before anything is sent: the simulator's own rules, run here on the draft.
    const problems = validateDraft(draft);
    if (problems.length > 0) {
      setLocalErrors({ code: FORM_INVALID, message: 'Some fields need fixing.', problems });
      setFocusTurn((n) => n + 1);
      return;
    }
    setLocalErrors(null);
    create.mutate(draftToBody(draft).body);
  };
  const reset = () => {
    create.reset();
    setLocalErrors(null);
    setDraft(defaultDraft(prefs));
  };

  return (
    <Form formRef={form} className="create-form" testId="create-form" errors={errors} onSubmit={submit}>
      <section className="card">
        <h2>Market</h2>
        <OrderFields draft={draft} onChange={update} />
      </section>
      <section className="card">
        <h2>Cart</h2>
        <p className="hint">
          Prices include tax. Each line’s total is quantity × unit price − discount, its tax is total − total
          × 100 / (100 + rate %), rounded; the order’s totals are the sums.
        </p>
        <CartEditor
          lines={draft.lines}
          currency={currency}
          errors={errors}
          onChange={(lines) => update({ lines })}
        />
      </section>
      <section className="card">
        <h2>Merchant URLs</h2>
        <MerchantUrlsEditor urls={draft.urls} errors={errors} onChange={(urls) => update({ urls })} />
      </section>
      <section className="card">
        <h2>Shipping and options</h2>
        <SessionOptions draft={draft} errors={errors} onChange={update} />
        {draft.offerOptions && (
          <ShippingOptionsEditor
            options={draft.options}
            preselected={draft.preselected}
            currency={currency}
            errors={errors}
            onChange={(options, preselected) => update({ options, preselected })}
          />
        )}
      </section>
      <details className="raw" data-testid="create-preview">
        <summary>Request body</summary>
        <pre className="code-block">{JSON.stringify(draftToBody(draft).body, null, 2)}</pre>
      </details>
      <SaveBar
        action={create}
        label="Create order"
        busyLabel="Creating…"
        testId="create-submit"
        errorTestId="create-error"
        claims={(p) => CLAIMED.test(p)}
      >
        <button
          type="button"
          className="btn"
          onClick={reset}
          title="Back to the sample order, with your remembered market and merchant URLs"
          data-testid="create-reset"
        >
          Reset
        </button>
        <a className="btn" href={formatRoute({ name: 'orders' })}>
          Cancel
        </a>
      </SaveBar>
    </Form>
  );
}
