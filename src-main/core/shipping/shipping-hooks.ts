import type { Session } from '../checkout/session-state';
import type { ShippingHooks } from '../checkout/shipping-port';
import { invalid, SimFailure } from '../errors';
import type { OptionsRefresher, ShippingDeps } from './options-refresh';
import type { ShipmentPay } from './shipment-pay';
import { shownTms } from './shipping-state';
import { selectionOf } from './shown-options';

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
