import { type ShippingOption as TmsOption } from '@shared/schemas/integrator.schema';
import { type ShippingSelection, type ShippingState } from '@shared/schemas/shipping-assistant.schema';
import { useMemo, useState } from 'react';
import { useExchanges } from '../../api/queries';
import { useMoney } from '../../format/MoneyLocale';
import { type StepProps } from '../StepForms';
import { ExchangeLinks } from '../StepResultCard';
import { useSessionStep } from '../useSessionStep';
import { ErrorSummary } from '../../form/ErrorSummary';
import { problemsUnder } from '../../form/problems';
import {
  addonPayload,
  addonProblems,
  choiceFee,
  initialAddonDrafts,
  type AddonDraft,
  type Contact,
} from '@shared/rules/addon-form';
import { AddonFields, TimeslotPicker } from './ChoiceFields';
import { PickupLocations } from './PickupLocations';
import {
  hasLocations,
  initialOptionId,
  pickOffered,
  selectorBanners,
  shownOptions,
  type Banner,
  type ShownOption,
} from './selector-view';
import { ShippingOptionCard } from './ShippingOptionCard';
import './shipping.css';

/** What the customer has set for one option so far. */
interface OptionDraft {
  locationId: string | null;
  timeslotId: string | null;
  addons: AddonDraft[];
}

function initialDraft(o: ShownOption, earlier: ShippingSelection | null, contact: Contact): OptionDraft {
  const same = earlier?.id === o.id ? earlier : null;
  return {
    locationId: same?.location_id ?? null,
    timeslotId: same?.timeslot_id ?? null,
    addons: initialAddonDrafts(o.tms?.addons ?? [], contact, same?.addons),
  };
}

/**
 * The shipping selector as the customer sees it while the shipping assistant runs: the integrator's options
 * (or the fallback, or digital delivery) with banners saying why, and the chosen option's locations, delivery
 * times and add-ons. Choosing runs the shipping_option step with `location_id`, `timeslot_id` and `addons`.
 */
export function ShippingSelector({ view, order, disabled, onResult }: StepProps) {
  const sh = view.state.shipping as ShippingState;
  const options = useMemo(() => shownOptions(view.state.shipping_options), [view.state.shipping_options]);
  const address = order.shipping_address ?? order.billing_address;
  const contact: Contact = { phone: address?.phone, email: address?.email };
  const [chosenId, setChosenId] = useState(() =>
    initialOptionId(options, [sh.selection?.id, order.selected_shipping_option?.id]),
  );
  const [drafts, setDrafts] = useState<Record<string, OptionDraft>>({});
  const [checked, setChecked] = useState(false);
  const step = useSessionStep(order.order_id, 'session.shippingOption', onResult);

  // The options change under the form (address, cart, pickup search): keep the choice while it is offered.
  const chosen =
    options.find((o) => o.id === chosenId && !o.preview) ??
    options.find((o) => o.id === initialOptionId(options, [sh.selection?.id]));
  const draft = chosen ? (drafts[chosen.id] ?? initialDraft(chosen, sh.selection, contact)) : null;
  const setDraft = (next: OptionDraft) => chosen && setDrafts({ ...drafts, [chosen.id]: next });
  const offeredAddons = chosen?.tms?.addons ?? [];
  const problems = draft ? addonProblems(offeredAddons, draft.addons) : new Map<number, string>();
  const locationId = chosen?.tms ? pickOffered(chosen.tms.locations, draft?.locationId) : '';
  const timeslotId = chosen?.tms ? pickOffered(chosen.tms.timeslots, draft?.timeslotId) : '';

  const submit = () => {
    if (!chosen || !draft) return;
    setChecked(true);
    if (problems.size > 0) return;
    if (!chosen.tms) return step.run({ id: chosen.id });
    step.run({
      id: chosen.id,
      ...(hasLocations(chosen.tms) && locationId ? { location_id: locationId } : {}),
      ...(timeslotId ? { timeslot_id: timeslotId } : {}),
      ...(offeredAddons.length > 0 ? { addons: addonPayload(offeredAddons, draft.addons) } : {}),
    });
  };

  const banners = selectorBanners(sh, options.length);
  const pickable = options.some((o) => !o.preview);
  return (
    <form
      className="step-form shipping-selector"
      noValidate
      data-testid="shipping-selector"
      data-source={sh.source}
      data-request={sh.request ?? ''}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <SourceLine shipping={sh} orderId={order.order_id} />
      {banners.map((b) => (
        <SelectorBanner key={b.key} banner={b} />
      ))}
      {options.length > 0 && (
        <div className="ship-options" role="radiogroup" aria-label="Shipping options">
          {options.map((o) => {
            const isChosen = o.id === chosen?.id;
            return (
              <ShippingOptionCard
                key={o.id}
                option={o}
                currency={order.purchase_currency}
                chosen={isChosen}
                selected={order.selected_shipping_option?.id === o.id}
                disabled={disabled}
                onPick={() => setChosenId(o.id)}
              >
                {isChosen && o.tms && draft && (
                  <OptionDetails
                    orderId={order.order_id}
                    currency={order.purchase_currency}
                    tms={o.tms}
                    draft={{ ...draft, locationId, timeslotId }}
                    problems={checked ? withServerProblems(problems, step.errors) : new Map()}
                    disabled={disabled}
                    onChange={setDraft}
                  />
                )}
              </ShippingOptionCard>
            );
          })}
        </div>
      )}
      {pickable && (
        <div className="form-actions">
          <button
            type="submit"
            className="btn btn-primary"
            disabled={disabled || step.pending || !chosen}
            data-testid="shipping-submit"
          >
            {step.pending ? 'Sending…' : 'Choose this option'}
          </button>
          {checked && problems.size > 0 && (
            <span className="field-error" role="alert" data-testid="shipping-addon-problems">
              Fix the marked add-ons first.
            </span>
          )}
        </div>
      )}
      <ErrorSummary errors={step.errors} testId="shipping-error" />
    </form>
  );
}

/** The chosen option's details: where (pickup locations), when (timeslots), add-ons, and the fee. */
function OptionDetails({
  orderId,
  currency,
  tms,
  draft,
  problems,
  disabled,
  onChange,
}: {
  orderId: string;
  currency: string;
  tms: TmsOption;
  /** With the location and timeslot in force (an earlier one while offered, else the first). */
  draft: { locationId: string; timeslotId: string; addons: AddonDraft[] };
  problems: ReadonlyMap<number, string>;
  disabled: boolean;
  onChange: (next: OptionDraft) => void;
}) {
  const fmtMoney = useMoney();
  const addons = tms.addons ?? [];
  const fee = choiceFee(
    tms.price,
    {
      locationPrice: tms.locations?.find((l) => l.id === draft.locationId)?.price,
      timeslotPrice: tms.timeslots?.find((t) => t.id === draft.timeslotId)?.price,
    },
    addons,
    draft.addons,
  );
  return (
    <div className="ship-details" data-testid="shipping-option-details">
      {hasLocations(tms) && (
        <PickupLocations
          orderId={orderId}
          optionId={tms.id}
          optionPrice={tms.price}
          currency={currency}
          locations={tms.locations ?? []}
          selectedId={draft.locationId}
          disabled={disabled}
          onSelect={(id) => onChange({ ...draft, locationId: id })}
        />
      )}
      {(tms.timeslots?.length ?? 0) > 0 && (
        <TimeslotPicker
          timeslots={tms.timeslots ?? []}
          selectedId={draft.timeslotId}
          currency={currency}
          disabled={disabled}
          onSelect={(id) => onChange({ ...draft, timeslotId: id })}
        />
      )}
      {addons.length > 0 && (
        <AddonFields
          addons={addons}
          drafts={draft.addons}
          problems={problems}
          currency={currency}
          disabled={disabled}
          onChange={(i, next) =>
            onChange({ ...draft, addons: draft.addons.map((d, j) => (j === i ? next : d)) })
          }
        />
      )}
      <p className="ship-total" data-testid="shipping-choice-total">
        Shipping for this choice:{' '}
        <span className="amount">{fee === 0 ? 'Free' : fmtMoney(fee, currency)}</span>
      </p>
    </div>
  );
}

/** Problems the simulator named (`addons[2].data.text`) join the form's own, under the add-on they belong to. */
function withServerProblems(
  local: ReadonlyMap<number, string>,
  errors: ReturnType<typeof useSessionStep>['errors'],
): Map<number, string> {
  const merged = new Map(local);
  for (const p of problemsUnder(errors, 'addons')) {
    const i = /^addons\[(\d+)\]/.exec(p.path)?.[1];
    if (i !== undefined && !merged.has(Number(i))) merged.set(Number(i), p.message);
  }
  return merged;
}

const SOURCE_WORDS: Record<ShippingState['source'], string> = {
  integrator: 'Options from the integrator',
  fallback: 'The merchant’s fallback options',
  digital: 'Digital delivery (the integrator is not asked)',
  merchant: 'Options from the merchant',
};

/** Where the options come from, and the integrator calls that brought them. */
function SourceLine({ shipping: sh, orderId }: { shipping: ShippingState; orderId: string }) {
  const exchanges = useExchanges(orderId);
  const byId = useMemo(() => new Map((exchanges.data ?? []).map((e) => [e.id, e])), [exchanges.data]);
  const call =
    sh.source === 'integrator' && sh.request
      ? sh.request === 'preview'
        ? ' · preview call (country only)'
        : ' · full address'
      : '';
  return (
    <div className="ship-source" data-testid="shipping-source" data-source={sh.source}>
      <span className="muted small">
        {SOURCE_WORDS[sh.source]}
        {call}
      </span>
      {sh.exchange_ids.length > 0 && (
        <ExchangeLinks ids={sh.exchange_ids} orderId={orderId} exchanges={byId} />
      )}
    </div>
  );
}

const TONE_CLASS: Record<Banner['tone'], string> = {
  info: 'notice ship-banner-info',
  warn: 'notice notice-warn',
  error: 'notice notice-error',
  ok: 'notice notice-ok',
};

function SelectorBanner({ banner: b }: { banner: Banner }) {
  return (
    <div className={`${TONE_CLASS[b.tone]} ship-banner`} role="note" data-testid={`shipping-banner-${b.key}`}>
      <strong>{b.title}</strong>
      <div>{b.text}</div>
    </div>
  );
}
