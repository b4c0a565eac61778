/** @jsxImportSource preact */
import { useState } from 'preact/hooks';
import type { ShippingOption } from '@shared/schemas/checkout-order.schema';
import { addonProblems } from '@shared/rules/addon-form';
import { priceOrFree } from './format';
import { choicesPart } from './lazy-part';
import { selectionSummary } from './receipt-view';
import { OptionCard } from './OptionCard';
import {
  choiceInput,
  hasChoices,
  initialChoice,
  initialOptionId,
  integratorFields,
  keepsChoice,
  keptOptionText,
  shippingBanners,
  splitChoiceProblems,
  type ChoiceDraft,
} from './shipping-view';
import {
  Alert,
  NoticeAlert,
  Section,
  Spinner,
  StepActions,
  type SectionProps,
  type SectionState,
} from './ui';

export function ShippingSection({
  view,
  checkout,
  n,
  editing,
  onEdit,
  onDone,
}: SectionProps & { n: number }) {
  const sh = view.shipping;
  const options = sh.options;
  const currency = view.purchase_currency;
  const selectedId = view.selected_shipping_option?.id ?? sh.selection?.id ?? null;
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [drafts, setDrafts] = useState<Record<string, ChoiceDraft>>({});
  const [checked, setChecked] = useState(false);
  const [server, setServer] = useState<{ byAddon: Map<number, string>; other: string[] }>({
    byAddon: new Map(),
    other: [],
  });
  const busy = checkout.busy === 'shipping_option' || checkout.busy === 'pickup_search';
  const banners = shippingBanners(sh, view.address_entered);
  const state: SectionState = !view.address_entered
    ? 'upcoming'
    : view.step === 'shipping' || editing || sh.no_options
      ? 'open'
      : 'done';

  // The options change under the form (address, cart, a search): the choice stays while it is offered.
  const pickable = options.filter((o) => !integratorFields(o)?.preview);
  const chosen =
    pickable.find((o) => o.id === chosenId) ??
    pickable.find((o) => o.id === initialOptionId(options, [selectedId]));
  const t = chosen ? integratorFields(chosen) : null;
  const address = view.shipping_address ?? view.billing_address;
  const contact = { phone: address?.phone, email: address?.email };
  const draft =
    chosen && t ? (drafts[chosen.id] ?? initialChoice(chosen.id, t, sh.selection, contact)) : null;
  const localProblems = t && draft ? addonProblems(t.addons, draft.addons) : new Map<number, string>();
  const shownProblems = checked ? new Map([...server.byAddon, ...localProblems]) : new Map<number, string>();
  // Before any early return: a hook runs on every render.
  const choices = choicesPart.use(state === 'open' && t !== null && draft !== null && hasChoices(t));

  const run = async (o: ShippingOption, d: ChoiceDraft | null) => {
    setServer({ byAddon: new Map(), other: [] });
    const r = await checkout.runStep('shipping_option', choiceInput(o.id, integratorFields(o), d));
    if (!keepsChoice(r.ok ? r.answer : r.error)) setChosenId(null);
    if (r.ok) {
      if (r.answer.outcome === 'applied') {
        setChecked(false);
        onDone();
      }
    } else if (!r.error.fatal) {
      const split = splitChoiceProblems(r.error.problems);
      setServer(
        split.other.length || split.byAddon.size ? split : { byAddon: new Map(), other: [r.error.message] },
      );
    }
  };

  const pick = (o: ShippingOption) => {
    setChosenId(o.id);
    setChecked(false);
    // A plain option is chosen by picking it; one with choices waits for "Use this option".
    if (!hasChoices(integratorFields(o))) void run(o, null);
  };

  const submit = (e: Event) => {
    e.preventDefault();
    if (!chosen) return;
    setChecked(true);
    if (localProblems.size > 0) return;
    void run(chosen, draft);
  };

  const notice = view.notice?.step === 'shipping_option' ? view.notice : null;
  const title = 'Delivery';

  if (options.length === 0 && banners.length === 0) return null;

  if (state === 'done') {
    const sel = view.selected_shipping_option;
    return (
      <Section
        id="shipping"
        n={n}
        title={title}
        state="done"
        busy={busy}
        onChange={options.length > 1 ? onEdit : undefined}
        changeLabel="Change delivery"
      >
        {sel && (
          <div class="summary" data-testid="kco-shipping-summary">
            <p>
              <strong>{sel.name}</strong> · <span class="amount">{priceOrFree(sel.price, currency)}</span>
            </p>
            {selectionSummary(view).map((l) => (
              <p key={l} class="muted">
                {l}
              </p>
            ))}
          </div>
        )}
        {banners
          .filter((b) => b.key === 'digital')
          .map((b) => (
            <Alert key={b.key} tone={b.tone} title={b.title} testId={`kco-banner-${b.key}`}>
              {b.text}
            </Alert>
          ))}
      </Section>
    );
  }

  const open = state === 'open';
  const showButton = open && chosen !== undefined && (hasChoices(t) || view.step === 'shipping' || editing);
  // Under the option when it has choices to confirm, under the list when a plain one waits to be confirmed.
  const submitButton = (
    <StepActions
      step="shipping"
      section={{ view, checkout, editing, onDone }}
      label={busy ? 'Saving…' : hasChoices(t) ? 'Use this option' : 'Continue'}
    >
      {checked && localProblems.size > 0 && (
        <span class="field-error" role="alert">
          Please check the marked extras.
        </span>
      )}
    </StepActions>
  );
  return (
    <Section id="shipping" n={n} title={title} state={state} busy={busy}>
      {banners.map((b) => (
        <Alert key={b.key} tone={b.tone} title={b.title} testId={`kco-banner-${b.key}`}>
          {b.text}
        </Alert>
      ))}
      {notice && <NoticeAlert notice={notice} />}
      {notice && notice.outcome !== 'applied' && (
        <p class="muted" data-testid="kco-shipping-kept">
          {keptOptionText(view.selected_shipping_option)}
        </p>
      )}
      {!open && options.length > 0 && !sh.preview && (
        <p class="muted">Enter your address to choose how your order is delivered.</p>
      )}
      {options.length > 0 && (
        <form class="form" noValidate onSubmit={submit} data-testid="kco-shipping-form">
          <div class="options" role="radiogroup" aria-label="Delivery options">
            {options.map((o) => {
              const ot = integratorFields(o);
              const isChosen = open && o.id === chosen?.id;
              const pickableNow = open && !ot?.preview;
              return (
                <OptionCard
                  key={o.id}
                  option={o}
                  t={ot}
                  currency={currency}
                  chosen={isChosen}
                  pickable={pickableNow}
                  disabled={checkout.busy !== null}
                  onPick={() => pick(o)}
                >
                  {isChosen && ot && draft && hasChoices(ot) && !choices && (
                    <Spinner label="Loading the choices…" testId="kco-option-choices-loading" />
                  )}
                  {isChosen && ot && draft && hasChoices(ot) && choices && (
                    <choices.OptionChoices
                      optionId={o.id}
                      optionPrice={o.price}
                      t={ot}
                      draft={draft}
                      problems={shownProblems}
                      currency={currency}
                      checkout={checkout}
                      onChange={(next) => setDrafts({ ...drafts, [o.id]: next })}
                    >
                      {submitButton}
                    </choices.OptionChoices>
                  )}
                </OptionCard>
              );
            })}
          </div>
          {server.other.length > 0 && (
            <Alert tone="error" testId="kco-shipping-error">
              {server.other.join(' ')}
            </Alert>
          )}
          {showButton && !hasChoices(t) && submitButton}
        </form>
      )}
    </Section>
  );
}
