import { useState } from 'react';
import { answerSummary, useMerchantCall } from '../api/merchant-call';
import { lineAmounts, parseMajor, parseTaxRate } from '../format/cart-math';
import { currencyDigits, formatMoney } from '../format/money';

const CURRENCIES = ['SEK', 'EUR', 'NOK', 'DKK', 'GBP', 'USD'];

/**
 * "Start a payment" on a terminal, as the point of sale would: `POST /ipp/v1/sessions` through the
 * in-person API itself (`merchant.request`), one item of the amount typed; the log records the call as
 * the console's. The terminal's screen then shows the payment, as for a session started by a script.
 */
export function StartPayment({ deviceId, busy }: { deviceId: string; busy: boolean }) {
  const call = useMerchantCall();
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('250.00');
  const [currency, setCurrency] = useState('SEK');
  const [rate, setRate] = useState('25');
  const digits = currencyDigits(currency);
  const minor = parseMajor(amount, digits);
  const taxRate = parseTaxRate(rate);
  const bad = minor === null || minor <= 0 || taxRate === null;
  const result = call.data ? answerSummary(call.data.answer) : null;

  if (!open) {
    return (
      <button
        type="button"
        className="btn btn-small"
        onClick={() => {
          call.reset();
          setOpen(true);
        }}
        disabled={busy}
        title={
          busy
            ? 'A payment is already open on this terminal'
            : 'POST /ipp/v1/sessions on this device, as the point of sale'
        }
        data-testid="terminal-start-open"
      >
        Start a payment
      </button>
    );
  }
  return (
    <form
      className="start-payment"
      noValidate
      data-testid="terminal-start-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (bad) return;
        const line = { quantity: 1, unit_price: minor, tax_rate: taxRate, total_discount_amount: 0 };
        const { total_amount, total_tax_amount } = lineAmounts(line);
        call.mutate(
          {
            method: 'POST',
            path: '/ipp/v1/sessions',
            body: {
              device_id: deviceId,
              order_amount: total_amount,
              order_tax_amount: total_tax_amount,
              purchase_currency: currency,
              order_items: [
                {
                  name: 'Sale from the console',
                  quantity: 1,
                  unit_price: minor,
                  tax_rate: taxRate,
                  total_amount,
                  total_tax_amount,
                },
              ],
            },
          },
          { onSuccess: (r) => r.answer.status === 201 && setOpen(false) },
        );
      }}
    >
      <div className="start-payment-fields">
        <label className="field">
          <span className="field-label">Amount</span>
          <input
            className="input num-font"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            inputMode="decimal"
            aria-invalid={minor === null || minor <= 0}
            data-testid="terminal-start-amount"
          />
        </label>
        <label className="field">
          <span className="field-label">Currency</span>
          <select
            className="input"
            value={currency}
            onChange={(e) => setCurrency(e.target.value)}
            data-testid="terminal-start-currency"
          >
            {CURRENCIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field-label">Tax %</span>
          <input
            className="input num-font"
            value={rate}
            onChange={(e) => setRate(e.target.value)}
            inputMode="decimal"
            aria-invalid={taxRate === null}
            data-testid="terminal-start-tax"
          />
        </label>
      </div>
      <div className="row-actions">
        <button
          type="submit"
          className="btn btn-primary btn-small"
          disabled={bad || call.isPending}
          data-testid="terminal-start-submit"
        >
          Start {minor !== null && minor > 0 ? formatMoney(minor, currency) : ''}
        </button>
        <button type="button" className="btn btn-small" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
      {result && !result.ok && (
        <p className="field-error" role="alert" data-testid="terminal-start-error">
          POST /ipp/v1/sessions → {result.text}
        </p>
      )}
      {call.error && (
        <p className="field-error" role="alert" data-testid="terminal-start-error">
          {call.error.message}
        </p>
      )}
    </form>
  );
}
