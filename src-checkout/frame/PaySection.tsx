/** @jsxImportSource preact */
import { useState } from 'preact/hooks';
import type { CustomerView } from '@shared/schemas/customer.schema';
import { payLabel } from './format';
import { receiptPart } from './lazy-part';
import type { Checkout } from './use-checkout';
import { Alert, NoticeAlert, Section } from './ui';

/** The last section: the total on the button, the shop's terms, and pay (the complete step). */
export function PaySection({
  view,
  checkout,
  n,
  ready,
}: {
  view: CustomerView;
  checkout: Checkout;
  n: number;
  ready: boolean;
}) {
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const busy = checkout.busy === 'complete' || asking;
  const notice = view.notice?.step === 'complete' ? view.notice : null;

  const pay = async () => {
    // The receipt is needed next: fetch its chunk while the purchase is on its way (a failure is retried there).
    receiptPart.load().catch(() => undefined);
    setError(null);
    // A required box left unchecked stops pay here; the server refuses it too (409 CHECKBOX_REQUIRED).
    if (view.checkboxes.some((b) => b.required && !b.checked)) {
      return setError('Please check the required box before paying.');
    }
    if (view.require_client_validation) {
      setAsking(true);
      const verdict = await checkout.askPage().finally(() => setAsking(false));
      if (!verdict.proceed) return setError(verdict.message);
    }
    const r = await checkout.runStep('complete', {});
    if (!r.ok && !r.error.fatal) setError(r.error.message);
  };

  if (!ready) return <Section id="pay" n={n} title="Payment" state="upcoming" busy={false} />;
  return (
    <Section id="pay" n={n} title="Payment" state="open" busy={busy}>
      {notice && <NoticeAlert notice={notice} />}
      {error && (
        <Alert tone="error" testId="kco-pay-error">
          {error}
        </Alert>
      )}
      <div class="method">
        <span class="method-mark" aria-hidden="true" />
        <span>
          <strong>Pay later</strong>
          <span class="muted small"> · Simulated: no money moves</span>
        </span>
      </div>
      {view.checkboxes.map((box) => (
        <label class="pay-checkbox small" key={box.key} data-testid="kco-checkbox" data-key={box.key}>
          <input
            type="checkbox"
            checked={box.checked}
            disabled={checkout.busy !== null || asking}
            aria-required={box.required}
            onChange={(e) => void checkout.setCheckbox(box.key, (e.target as HTMLInputElement).checked)}
            data-testid="kco-checkbox-input"
          />{' '}
          <span>{box.text}</span>
          {box.required && <span class="muted"> (required)</span>}
        </label>
      ))}
      <p class="terms small">
        By paying you accept the shop’s{' '}
        <a href={view.terms_url} target="_blank" rel="noopener noreferrer" data-testid="kco-terms-link">
          terms and conditions
        </a>
        {view.cancellation_terms_url && (
          <>
            {' '}
            and{' '}
            <a
              href={view.cancellation_terms_url}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="kco-cancellation-terms-link"
            >
              cancellation terms
            </a>
          </>
        )}
        .
      </p>
      <button
        type="button"
        class="button button-pay"
        disabled={checkout.busy !== null || asking}
        onClick={() => void pay()}
        data-testid="kco-pay"
      >
        {busy ? 'Paying…' : payLabel(view)}
      </button>
    </Section>
  );
}
