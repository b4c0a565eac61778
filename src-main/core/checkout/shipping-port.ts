import type { AddonChoice } from '@shared/schemas/shipping-assistant.schema';
import type { ShippingOption as CheckoutOption } from '@shared/schemas/checkout-order.schema';
import type { Session, StepDraft } from './session-state';

// Owned by checkout/, implemented by shipping/ (shipping-hooks.ts) and handed in by build-shipping.ts:
// the shipping assistant reads checkout sessions, so checkout may not import it back.

/** The customer's choice on the shipping_option step. */
export interface Choice {
  id: string;
  location_id?: string;
  timeslot_id?: string;
  addons?: AddonChoice[];
}

/** Pay goes on with this session, and the draft of the rest of the step gets the calls and a note. */
export interface PayGoesOn {
  session: Session;
  decorate(d: StepDraft): StepDraft;
}

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
