import type { ShippingOption as CheckoutOption } from '@shared/schemas/checkout-order.schema';
import type { Session } from '../checkout/session-state';
import type { StepDraft } from '../checkout/session-state';
import { invalid, SimFailure } from '../errors';
import type { OptionsRefresher, ShippingDeps } from './options-refresh';
import type { PayGoesOn, ShipmentPay } from './shipment-pay';
import { shownTms } from './shipping-state';
import { selectionOf, type Choice } from './shown-options';

/** Where the customer's steps hand over to the shipping assistant (customer-steps.ts calls these). */
export interface ShippingHooks {
  /** After an accepted step: the options again (country and address always; an option pick when the cart changed). */
  afterStep(
    step: 'country' | 'address' | 'shipping_option',
    before: Session,
    draft: StepDraft,
  ): Promise<StepDraft>;
  /** The customer's pick among integrator options; null when the options shown are not the integrator's. */
  choose(s: Session, choice: Choice): { session: Session; option: CheckoutOption } | null;
  /** Before the merchant's validation: the shipment at the integrator, or a restarted selection. */
  beforePay(s: Session): Promise<PayGoesOn | { draft: StepDraft }>;
}

/** With no assistant wired (tests of the checkout alone): the merchant's options, untouched. */
export const NO_SHIPPING: ShippingHooks = {
  afterStep: (_step, _before, draft) => Promise.resolve(draft),
  choose: () => null,
  beforePay: (s) => Promise.resolve({ session: s, decorate: (d) => d }),
};

const SOURCE_WORDS = {
  merchant: 'the merchant (the shipping assistant is off)',
  fallback: 'the merchant’s fallback list',
  digital: 'digital delivery',
  integrator: 'the integrator',
} as const;

/**
 * While the integrator's options are shown, options in a merchant's callback answer are the new fallback
 * options (order.shipping_options), not the list the customer sees: that list and the pick are kept.
 */
function keepIntegratorList(before: Session, after: Session): Session {
  if (before.state.shipping?.source !== 'integrator') return after;
  if (after.state.shipping_options === before.state.shipping_options) return after;
  const order = { ...after.order };
  if (before.order.selected_shipping_option)
    order.selected_shipping_option = before.order.selected_shipping_option;
  return { ...after, order, state: { ...after.state, shipping_options: before.state.shipping_options } };
}

/** The hooks of the shipping assistant proper. */
export function assistantHooks(
  d: ShippingDeps,
  refresher: OptionsRefresher,
  payer: ShipmentPay,
): ShippingHooks {
  return {
    async afterStep(step, before, draft) {
      if (!draft.accepted) return draft;
      if (!d.settings.enabled() && !draft.session.state.shipping) return draft;
      const s = step === 'shipping_option' ? keepIntegratorList(before, draft.session) : draft.session;
      // Country and address are changes by definition; an option pick changes the cart only through
      // the merchant's shipping_option_update answer, which the request fingerprint notices.
      const r = await refresher.refresh(s, step !== 'shipping_option');
      const result = r.note
        ? {
            ...draft.result,
            exchange_ids: [...draft.result.exchange_ids, ...r.exchangeIds],
            notes: [...draft.result.notes, r.note],
          }
        : draft.result;
      return { ...draft, session: r.session, result };
    },

    choose(s, choice) {
      const sh = s.state.shipping;
      const extras =
        choice.location_id !== undefined || choice.timeslot_id !== undefined || choice.addons !== undefined;
      if (!d.settings.enabled() || sh?.source !== 'integrator') {
        if (!extras) return null;
        const from = d.settings.enabled() ? SOURCE_WORDS[sh?.source ?? 'merchant'] : SOURCE_WORDS.merchant;
        throw invalid([
          {
            path: 'location_id',
            message: `location_id, timeslot_id and addons apply to options from an integrator; the options shown come from ${from}`,
          },
        ]);
      }
      const o = shownTms(s).find((x) => x.id === choice.id);
      if (!o) {
        const ids = shownTms(s).map((x) => x.id);
        throw invalid([
          {
            path: 'id',
            message: ids.length
              ? `'${choice.id}' is not one of the options shown: ${ids.join(', ')}`
              : 'the integrator offers no shipping options for this checkout',
          },
        ]);
      }
      if (o.preview)
        throw new SimFailure(
          'conflict',
          'STEP_OUT_OF_ORDER',
          `option '${o.id}' is a preview (only the country is known): enter the address first, then pick one of the valid options`,
        );
      const sel = selectionOf(o, choice);
      if (sel.problems.length > 0) throw invalid(sel.problems);
      return {
        option: sel.selected,
        session: {
          ...s,
          order: { ...s.order, selected_shipping_option: sel.selected },
          state: { ...s.state, shipping: { ...sh, selection: sel.selection, failure_reason: null } },
        },
      };
    },

    beforePay: (s) => payer.pay(s),
  };
}
