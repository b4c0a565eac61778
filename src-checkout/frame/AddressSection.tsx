/** @jsxImportSource preact */
import { useEffect, useRef, useState } from 'preact/hooks';
import { addressInput } from '@shared/samples/test-people';
import {
  addressSummary,
  draftFrom,
  firstProblem,
  inputId,
  splitProblems,
  validateDraft,
  type AddressKey,
  type AddressPrefix,
  type FieldErrors,
  type Problem,
} from './address-form';
import { AddressFields } from './AddressFields';
import { CountrySelect } from './CountrySelect';
import { countryName } from './format';
import { speaksOfChange } from './events';
import { sameAddress, useAddressDraft } from './use-address-draft';
import { Alert, NoticeAlert, Section, StepActions, type SectionProps, type SectionState } from './ui';

interface Errors {
  billing_address: FieldErrors;
  shipping_address: FieldErrors;
  other: Problem[];
  message: string | null;
}

const NO_ERRORS: Errors = { billing_address: {}, shipping_address: {}, other: [], message: null };

export function AddressSection({ view, checkout, editing, onEdit, onDone }: SectionProps) {
  const country = view.purchase_country;
  const billing = useAddressDraft(draftFrom(view.billing_address, country));
  const shipping = useAddressDraft(draftFrom(view.shipping_address, country));
  const [separate, setSeparate] = useState(
    () => view.address_entered && !sameAddress(billing.draft, shipping.draft),
  );
  const [errors, setErrors] = useState<Errors>(NO_ERRORS);
  const [focusNext, setFocusNext] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const busy = checkout.busy === 'address' || checkout.busy === 'country';
  const allowSeparate = view.allow_separate_shipping_address;
  const state: SectionState = view.step === 'address' || editing ? 'open' : 'done';

  useEffect(() => {
    if (focusNext === 0) return;
    const first = firstProblem(errors);
    const el = first
      ? formRef.current?.querySelector<HTMLElement>(`#${inputId(first.prefix, first.key)}`)
      : formRef.current?.querySelector<HTMLElement>('.form-problems');
    el?.focus();
    // Runs once per submit that found problems.
  }, [focusNext]);

  const clearError = (prefix: AddressPrefix, k: AddressKey) => {
    if (errors[prefix][k]) setErrors({ ...errors, [prefix]: { ...errors[prefix], [k]: undefined } });
  };

  const submit = async (e: Event) => {
    e.preventDefault();
    const sendShipping = allowSeparate && separate;
    const local: Errors = {
      ...NO_ERRORS,
      billing_address: validateDraft(billing.draft),
      shipping_address: sendShipping ? validateDraft(shipping.draft) : {},
    };
    if (firstProblem(local)) {
      setErrors(local);
      setFocusNext((n) => n + 1);
      return;
    }
    setErrors(NO_ERRORS);
    const r = await checkout.runStep('address', {
      billing_address: addressInput(billing.draft),
      ...(sendShipping ? { shipping_address: addressInput(shipping.draft) } : {}),
    });
    if (r.ok) {
      if (r.answer.outcome === 'applied') {
        billing.settle();
        shipping.settle();
        onDone();
      }
      return;
    }
    if (r.error.fatal) return;
    const split = splitProblems(r.error.problems);
    setErrors({ ...split, message: r.error.problems.length > 0 ? null : r.error.message });
    setFocusNext((n) => n + 1);
  };

  const notice =
    view.notice && (view.notice.step === 'address' || view.notice.step === 'country') ? view.notice : null;

  if (state === 'done') {
    const lines = addressSummary(view.billing_address, countryName);
    const shipLines = addressSummary(view.shipping_address, countryName);
    const differs = shipLines.join('|') !== lines.join('|');
    return (
      <Section
        id="address"
        n={1}
        title="Your details"
        state="done"
        busy={busy}
        onChange={onEdit}
        changeLabel="Change your details"
      >
        <CountrySelect view={view} checkout={checkout} />
        <div class="summary" data-testid="kco-address-summary">
          <div>
            {differs && <p class="summary-label">Billing address</p>}
            {lines.map((l) => (
              <p key={l}>{l}</p>
            ))}
          </div>
          {differs && (
            <div data-testid="kco-shipping-address-summary">
              <p class="summary-label">Delivery address</p>
              {shipLines.map((l) => (
                <p key={l}>{l}</p>
              ))}
            </div>
          )}
        </div>
        {notice && <NoticeAlert notice={notice} />}
      </Section>
    );
  }

  const unclaimed = [
    ...errors.other.map((p) => `${p.path}: ${p.message}`),
    ...(errors.message ? [errors.message] : []),
  ];
  return (
    <Section id="address" n={1} title="Your details" state="open" busy={busy}>
      <CountrySelect view={view} checkout={checkout} />
      <form
        ref={formRef}
        class="form"
        noValidate
        onSubmit={(e) => void submit(e)}
        data-testid="kco-address-form"
      >
        {unclaimed.length > 0 && (
          <div class="form-problems" tabIndex={-1} data-testid="kco-form-problems">
            <Alert tone="error" title="Please check the form">
              <ul>
                {unclaimed.map((u) => (
                  <li key={u}>{u}</li>
                ))}
              </ul>
            </Alert>
          </div>
        )}
        {notice && <NoticeAlert notice={notice} />}
        {/* A field's DOM `change` (the customer leaves an edited field) bubbles here: `change` for the page,
            when the field is one `change` speaks of (a name edit is not). */}
        <div
          style={{ display: 'contents' }}
          onChange={(e) => {
            const name = (e.target as HTMLInputElement | null)?.name ?? '';
            if (speaksOfChange(name)) checkout.formChanged(billing.draft);
          }}
        >
          <AddressFields
            prefix="billing_address"
            legend={allowSeparate && separate ? 'Billing address' : 'Address'}
            value={billing.draft}
            errors={errors.billing_address}
            disabled={checkout.busy !== null}
            onField={(k, v) => {
              billing.setField(k, v);
              clearError('billing_address', k);
            }}
            onFill={(p) => {
              billing.fill(p);
              setErrors({ ...errors, billing_address: {} });
            }}
          />
        </div>
        {allowSeparate && (
          <label class="check">
            <input
              type="checkbox"
              checked={separate}
              disabled={checkout.busy !== null}
              onChange={(e) => setSeparate(e.currentTarget.checked)}
              data-testid="kco-separate-shipping"
            />
            <span>Ship to a different address</span>
          </label>
        )}
        {allowSeparate && separate && (
          <AddressFields
            prefix="shipping_address"
            legend="Delivery address"
            value={shipping.draft}
            errors={errors.shipping_address}
            disabled={checkout.busy !== null}
            onField={(k, v) => {
              shipping.setField(k, v);
              clearError('shipping_address', k);
            }}
            onFill={(p) => {
              shipping.fill(p);
              setErrors({ ...errors, shipping_address: {} });
            }}
          />
        )}
        <StepActions
          step="address"
          section={{ view, checkout, editing, onDone }}
          label={busy ? 'Checking…' : 'Continue'}
        />
      </form>
    </Section>
  );
}
