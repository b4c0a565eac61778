import { type MerchantRequest } from '@shared/contract/merchant-ops';
import { type OmView } from '@shared/schemas/order-management.schema';
import { useState } from 'react';
import { parseMajor, toMajorText } from '../format/cart-math';
import { currencyDigits } from '../format/money';
import { useMoney } from '../format/MoneyLocale';
import { formatRoute } from '../router/routes';
import { Form } from '../form/Form';
import { ConfirmButton } from '../ui/ConfirmButton';
import { answerSummary, type MerchantCallResult, useMerchantCall } from '../api/merchant-call';
import { TextField } from '../form/TextField';

type OpenForm = 'capture' | 'refund' | 'references' | null;

/**
 * "Act as the merchant": acknowledge, capture (all or part), refund, cancel and update the merchant
 * references through the order management API itself (`merchant.request`), as the merchant's server
 * would; the log records each call as the console's.
 */
export function MerchantActions({ view, orderId }: { view: OmView; orderId: string }) {
  const o = view.order;
  const call = useMerchantCall();
  const [form, setForm] = useState<OpenForm>(null);
  const base = `/ordermanagement/v1/orders/${encodeURIComponent(orderId)}`;
  const run = (r: MerchantRequest) => call.mutateAsync(r).then(() => setForm(null));
  const open = (f: OpenForm) => {
    call.reset();
    setForm(form === f ? null : f);
  };
  const closed = o.status === 'CANCELLED' || o.status === 'EXPIRED';
  const refundable = o.captured_amount - o.refunded_amount;
  // The forms the actions open, each from its button (disabled when there is nothing to act on).
  const opens: Array<[Exclude<OpenForm, null>, string, boolean]> = [
    ['capture', 'Capture…', closed || o.remaining_authorized_amount === 0],
    ['refund', 'Refund…', refundable <= 0],
    ['references', 'Merchant references…', false],
  ];
  // Capture and refund are one form: an amount up to what the order allows, posted to /captures or /refunds.
  const amounts = [
    {
      what: 'capture',
      field: 'captured_amount',
      max: o.remaining_authorized_amount,
      maxLabel: 'all that remains authorized',
    },
    {
      what: 'refund',
      field: 'refunded_amount',
      max: refundable,
      maxLabel: 'all that was captured and not refunded',
    },
  ] as const;
  return (
    <section className="om-section merchant-actions" data-testid="om-act" aria-labelledby="om-act-title">
      <h3 id="om-act-title">Act as the merchant</h3>
      <p className="hint">
        These call the order management API as your server would (the same routes and checks), with the
        merchant’s credentials; the log marks them as the console’s calls.
      </p>
      <div className="row-actions wrap">
        <button
          type="button"
          className="btn btn-small"
          onClick={() =>
            void call.mutate(
              { method: 'POST', path: `${base}/acknowledge` },
              { onSuccess: () => setForm(null) },
            )
          }
          disabled={call.isPending}
          title={
            view.acknowledged_at
              ? 'Already acknowledged: acknowledging again changes nothing (204)'
              : undefined
          }
          data-testid="om-act-acknowledge"
        >
          Acknowledge
        </button>
        {opens.map(([name, label, disabled]) => (
          <button
            key={name}
            type="button"
            className="btn btn-small"
            aria-expanded={form === name}
            onClick={() => open(name)}
            disabled={disabled}
            data-testid={`om-act-${name}`}
          >
            {label}
          </button>
        ))}
        <ConfirmButton
          label="Cancel order"
          question="Cancel the authorization?"
          confirmLabel="Cancel it"
          cancelLabel="Keep it"
          testId="om-act-cancel"
          small
          run={() => run({ method: 'POST', path: `${base}/cancel` })}
        />
      </div>
      {amounts.map(
        (a) =>
          form === a.what && (
            <AmountForm
              key={a.what}
              what={a.what}
              field={a.field}
              max={a.max}
              maxLabel={a.maxLabel}
              currency={o.purchase_currency}
              pending={call.isPending}
              onSubmit={(body) => run({ method: 'POST', path: `${base}/${a.what}s`, body })}
            />
          ),
      )}
      {form === 'references' && (
        <ReferencesForm
          initial={[o.merchant_reference1 ?? '', o.merchant_reference2 ?? '']}
          pending={call.isPending}
          onSubmit={(body) => run({ method: 'PATCH', path: `${base}/merchant-references`, body })}
        />
      )}
      <CallResult result={call.data} error={call.error} orderId={orderId} />
    </section>
  );
}

/** Capture or refund: an amount (all by default, or part) and an optional description. */
function AmountForm({
  what,
  field,
  max,
  maxLabel,
  currency,
  pending,
  onSubmit,
}: {
  what: 'capture' | 'refund';
  field: 'captured_amount' | 'refunded_amount';
  max: number;
  maxLabel: string;
  currency: string;
  pending: boolean;
  onSubmit: (body: Record<string, unknown>) => void;
}) {
  const fmtMoney = useMoney();
  const digits = currencyDigits(currency);
  const [amount, setAmount] = useState(() => toMajorText(max, digits));
  const [description, setDescription] = useState('');
  const minor = parseMajor(amount, digits);
  const bad = minor === null || minor <= 0;
  return (
    <Form
      className="merchant-form"
      testId={`om-act-${what}-form`}
      errors={null}
      onSubmit={() => {
        if (!bad)
          onSubmit({ [field]: minor, ...(description.trim() ? { description: description.trim() } : {}) });
      }}
    >
      <TextField
        label={`Amount (${currency}; ${maxLabel}: ${fmtMoney(max, currency)})`}
        error={bad ? `must be an amount in ${currency}, more than 0` : undefined}
        testId={`om-act-${what}-amount`}
        className="input num-font"
        value={amount}
        onChange={setAmount}
        inputMode="decimal"
      />
      <TextField
        label="Description (optional)"
        testId={`om-act-${what}-description`}
        value={description}
        onChange={setDescription}
      />
      <div className="form-actions">
        <button
          type="submit"
          className="btn btn-primary btn-small"
          disabled={pending || bad}
          data-testid={`om-act-${what}-submit`}
        >
          {what === 'capture' ? 'Capture' : 'Refund'}{' '}
          {minor !== null && minor > 0 ? fmtMoney(minor, currency) : ''}
        </button>
      </div>
    </Form>
  );
}

function ReferencesForm({
  initial,
  pending,
  onSubmit,
}: {
  initial: [string, string];
  pending: boolean;
  onSubmit: (body: Record<string, unknown>) => void;
}) {
  const [refs, setRefs] = useState(initial);
  return (
    <Form
      className="merchant-form"
      testId="om-act-references-form"
      errors={null}
      onSubmit={() => {
        // Only what was changed: an untouched, unset reference stays unset rather than becoming "".
        const changed = (i: 0 | 1) => refs[i] !== initial[i];
        onSubmit({
          ...(changed(0) || !changed(1) ? { merchant_reference1: refs[0] } : {}),
          ...(changed(1) ? { merchant_reference2: refs[1] } : {}),
        });
      }}
    >
      {([0, 1] as const).map((i) => (
        <label key={i} className="field">
          <span className="field-label mono">merchant_reference{i + 1}</span>
          <input
            className="input mono"
            value={refs[i]}
            onChange={(e) => setRefs(i === 0 ? [e.target.value, refs[1]] : [refs[0], e.target.value])}
            data-testid={`om-act-reference${i + 1}`}
          />
        </label>
      ))}
      <div className="form-actions">
        <button
          type="submit"
          className="btn btn-primary btn-small"
          disabled={pending}
          data-testid="om-act-references-submit"
        >
          Update references
        </button>
      </div>
    </Form>
  );
}

/** What the last call was and what the API answered; the log holds the whole exchange. */
function CallResult({
  result,
  error,
  orderId,
}: {
  result: MerchantCallResult | undefined;
  error: Error | null;
  orderId: string;
}) {
  if (error)
    return (
      <p className="notice notice-error small" role="alert" data-testid="om-act-result" data-ok="false">
        The call could not be made: {error.message}
      </p>
    );
  if (!result) return null;
  const s = answerSummary(result.answer);
  return (
    <p
      className={`notice small ${s.ok ? 'notice-ok' : 'notice-error'}`}
      role="status"
      data-testid="om-act-result"
      data-ok={s.ok}
    >
      <span className="mono">
        {result.request.method}{' '}
        {result.request.path.replace(`/${encodeURIComponent(orderId)}`, '/{order_id}')}
      </span>{' '}
      → <strong>{s.text}</strong>{' '}
      <a href={formatRoute({ name: 'log', orderId, filter: { kind: 'ordermanagement' } })}>in the log</a>
    </p>
  );
}
