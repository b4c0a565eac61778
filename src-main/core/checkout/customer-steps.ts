import type { z } from 'zod';
import { ArrivalChoiceSchema, type ArrivalApplied } from '@shared/schemas/arrival.schema';
import {
  REQUIRED_ADDRESS_FIELDS,
  type Address,
  type CheckoutOrder,
} from '@shared/schemas/checkout-order.schema';
import {
  AddressStepSchema,
  CheckboxStepSchema,
  CompleteStepSchema,
  CountryStepSchema,
  ShippingOptionStepSchema,
  stepResultDraft,
  type StepInput,
  type StepName,
  type StepResult,
} from '@shared/schemas/session.schema';
import { addressCallbackKey } from '@shared/rules/merchant-urls';
import { checkboxesOf, merchantRequestedOf, uncheckedRequired } from '@shared/rules/merchant-checkboxes';
import { schemaProblems } from '@shared/rules/schema-problems';
import { refusedStep, type OrderedStep } from '@shared/rules/step-order';
import type { Clock } from '../clock';
import { currencyNote } from '@shared/rules/market-currency';
import { invalid, SimFailure } from '../errors';
import type { OutboundClient } from '../outbound/callback-client';
import type { SettingsService } from '../settings';
import { NO_SHIPPING, type ShippingHooks } from './shipping-port';
import type { DomainEvents } from '../domain-events';
import type { OrderLock } from '../order-locks';
import type { CheckoutOrders } from './checkout-orders';
import { runValidation } from './complete-step';
import { withStep, type Session, type StepDraft } from './session-state';
import { runUpdateCallback } from './update-callback';
import type { CallbackFaults, SentCallback } from './callback-faults';
import { NO_MERCHANT_FAULTS, type MerchantFaults } from '@shared/schemas/merchant-faults.schema';

const outOfOrder = (message: string) => new SimFailure('conflict', 'STEP_OUT_OF_ORDER', message);

/** Refuses a step the checkout would not offer the customer now (shared/rules/step-order.ts). */
function keepOrder(step: OrderedStep, s: Session): void {
  const why = refusedStep(step, {
    address_entered: s.state.address_entered,
    options: s.state.shipping_options.length,
    selected: s.order.selected_shipping_option !== undefined,
    history: s.state.history,
  });
  if (why !== null) throw outOfOrder(why);
}

function parse<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const r = schema.safeParse(input ?? {});
  if (!r.success) throw invalid(schemaProblems(r.error));
  return r.data;
}

/**
 * Countries the customer may choose: the country the order was created for (still offered after the
 * customer switches away), the current one, and the merchant's shipping countries.
 */
export function allowedCountries(s: Session): string[] {
  const { order, state } = s;
  const all = [
    state.home_country ?? order.purchase_country,
    order.purchase_country,
    ...(order.shipping_countries ?? []),
  ];
  return [...new Set(all.map((c) => c.toUpperCase()))];
}

/**
 * The customer's steps in a checkout session. The console and the automation API both call these, so a
 * step behaves the same whichever drives it. Steps on one order run one at a time.
 */
export interface CustomerStepsDeps {
  orders: CheckoutOrders;
  client: OutboundClient;
  settings: SettingsService;
  clock: Clock;
  /** Where `checkout.completed` goes, inside the completion's transaction (what its listeners write commits with it). */
  domain: DomainEvents;
  /** The simulator's one per-order lock. */
  lock: OrderLock;
  /** The shipping assistant: options from an integrator, the shipment at pay (off: merchant options). */
  shipping?: ShippingHooks;
  /** The merchant faults that apply to an order (in-session: concurrent, late and abandoned callbacks). */
  faultsOf?: (orderId: string) => MerchantFaults;
}

export class CustomerSteps {
  private readonly orders: CheckoutOrders;
  private readonly client: OutboundClient;
  private readonly settings: SettingsService;
  private readonly clock: Clock;
  private readonly domain: DomainEvents;
  private readonly serialize: OrderLock;
  private readonly shipping: ShippingHooks;
  private readonly faultsOf: (orderId: string) => MerchantFaults;

  constructor(d: CustomerStepsDeps) {
    this.orders = d.orders;
    this.client = d.client;
    this.settings = d.settings;
    this.clock = d.clock;
    this.domain = d.domain;
    this.serialize = d.lock;
    this.shipping = d.shipping ?? NO_SHIPPING;
    this.faultsOf = d.faultsOf ?? (() => NO_MERCHANT_FAULTS);
  }

  /** Each order's latest in-session callback in this run, for `late_callback` (the newest orders only). */
  private readonly lastCallbacks = new Map<string, SentCallback>();

  private callbackFaults(orderId: string): CallbackFaults {
    return {
      faults: this.faultsOf(orderId),
      at: new Date(this.clock.now()).toISOString(),
      earlier: this.lastCallbacks.get(orderId) ?? null,
      remember: (sent) => {
        this.lastCallbacks.delete(orderId);
        this.lastCallbacks.set(orderId, sent);
        if (this.lastCallbacks.size > 1000)
          this.lastCallbacks.delete(this.lastCallbacks.keys().next().value!);
      },
    };
  }

  /**
   * Saves the step's result in the order's history, with the customer's input and the settings it ran
   * under (a journey's export reads them). The exchanges it names are stored by id once the log holds
   * them (unlogged-refs.ts): the customer's answer does not wait for the log's writer.
   */
  /**
   * Calls the step's update callback under the order's merchant faults; with none registered, the
   * candidate is taken as it is, `unregistered` saying so.
   */
  private async updateCallback(
    orderId: string,
    call: Pick<Parameters<typeof runUpdateCallback>[1], 'key' | 'urlKey' | 'step' | 'session' | 'candidate'>,
    unregistered: string,
  ): Promise<StepDraft> {
    const faults = this.callbackFaults(orderId);
    const draft = await runUpdateCallback(this.client, { ...call, timeoutMs: this.timeoutMs, faults });
    return draft ?? accepted(call.session, call.candidate, unregistered);
  }

  private finish(step: StepName, draft: StepDraft, input: StepInput): StepResult {
    const at = new Date(this.clock.now()).toISOString();
    const result: StepResult = { step, at, order: {}, ...draft.result };
    const { callback_timeout_ms, production_tls_rules, upsell_enabled } = this.settings.get();
    const settings_seen = { callback_timeout_ms, production_tls_rules, upsell_enabled };
    const state = { ...withStep(draft.session.state, result, input), settings_seen };
    const saved = this.orders.save({ ...draft.session, state }, { touch: true, names: result.exchange_ids });
    return { ...result, order: saved.order as Record<string, unknown> };
  }

  private get timeoutMs(): number {
    return this.settings.get().callback_timeout_ms;
  }

  /** The customer picks a country (the country selector); country_change is called when it changes. */
  async country(orderId: string, input: unknown): Promise<StepResult> {
    const { country } = parse(CountryStepSchema, input);
    return this.serialize(orderId, async () => {
      const s = this.orders.open(orderId);
      const wanted = country.toUpperCase();
      const allowed = allowedCountries(s);
      if (!allowed.includes(wanted))
        throw invalid([
          { path: 'country', message: `${wanted} is not offered: the order allows ${allowed.join(', ')}` },
        ]);
      if (wanted === s.order.purchase_country.toUpperCase()) {
        const same = unchanged(s, `The country is already ${wanted}: nothing is called.`);
        return this.finish('country', await this.shipping.afterStep('country', s, same), {
          country: wanted,
        });
      }
      const candidate: CheckoutOrder = {
        ...s.order,
        purchase_country: wanted,
        billing_address: { country: wanted },
        shipping_address: { country: wanted },
      };
      const reset: Session = { ...s, state: { ...s.state, address_entered: false } };
      const d = await this.updateCallback(
        orderId,
        { key: 'country_change', step: 'country', session: reset, candidate },
        'No country_change is registered: the country changes and nothing is called.',
      );
      // Refused or failed: the customer stays in the old country, with the address they had entered.
      if (!d.accepted)
        d.session = { ...d.session, state: { ...d.session.state, address_entered: s.state.address_entered } };
      const { purchase_country, purchase_currency } = d.session.order;
      const note = d.accepted ? currencyNote(purchase_country, purchase_currency) : null;
      if (note) d.result = { ...d.result, notes: [...d.result.notes, note] };
      return this.finish('country', await this.shipping.afterStep('country', s, d), {
        country: wanted,
      });
    });
  }

  /** The customer enters an address; one address serves as both when no shipping address is given. */
  async address(orderId: string, input: unknown): Promise<StepResult> {
    const body = parse(AddressStepSchema, input);
    return this.serialize(orderId, async () => {
      const s = this.orders.open(orderId);
      const billing = normalizeAddress(body.billing_address);
      const shipping = normalizeAddress(body.shipping_address ?? body.billing_address);
      const missing = [
        ...missingFields(billing, 'billing_address'),
        ...(body.shipping_address ? missingFields(shipping, 'shipping_address') : []),
      ];
      if (missing.length > 0) throw invalid(missing);
      const country = s.order.purchase_country.toUpperCase();
      if (shipping.country !== country) {
        throw outOfOrder(
          `shipping_address.country is ${shipping.country} but the checkout's country is ${country}: change the country first (the country step)`,
        );
      }
      const candidate: CheckoutOrder = { ...s.order, billing_address: billing, shipping_address: shipping };
      const key = addressCallbackKey(s.order.merchant_urls) ?? 'address_update';
      const d = await this.updateCallback(
        orderId,
        { key: 'address_update', urlKey: key, step: 'address', session: s, candidate },
        'No address_update is registered: the address is taken as entered.',
      );
      if (d.accepted) d.session = { ...d.session, state: { ...d.session.state, address_entered: true } };
      return this.finish('address', await this.shipping.afterStep('address', s, d), body);
    });
  }

  /** The customer picks a shipping option; shipping_option_update is called when registered. */
  async shippingOption(orderId: string, input: unknown): Promise<StepResult> {
    const choice = parse(ShippingOptionStepSchema, input);
    const { id } = choice;
    return this.serialize(orderId, async () => {
      // With the integrator's options, the choice (location, timeslot, add-ons) is checked and priced there.
      const open = this.orders.open(orderId);
      const picked = this.shipping.choose(open, choice);
      const s = picked?.session ?? open;
      const option = picked?.option ?? s.state.shipping_options.find((o) => o.id === id);
      if (!option) {
        const ids = s.state.shipping_options.map((o) => o.id);
        throw invalid([
          {
            path: 'id',
            message: ids.length
              ? `'${id}' is not one of the options shown: ${ids.join(', ')}`
              : 'no shipping options are shown in this checkout',
          },
        ]);
      }
      // An option the checkout shows, but not offered yet (bad input first, then the step's order).
      keepOrder('shipping_option', open);
      const candidate: CheckoutOrder = { ...s.order, selected_shipping_option: option };
      const d = await this.updateCallback(
        orderId,
        { key: 'shipping_option_update', step: 'shipping_option', session: s, candidate },
        `No shipping_option_update is registered: '${option.name}' is selected; its fee is added as a line when the purchase completes.`,
      );
      const after = await this.shipping.afterStep('shipping_option', s, d);
      return this.finish('shipping_option', after, choice);
    });
  }

  /**
   * The order's own choice of who tells the merchant first (push or the confirmation redirect), or null to
   * leave it to the setting. Not a customer interaction: the order's validity is not extended.
   */
  async setArrival(orderId: string, input: unknown): Promise<CheckoutOrder> {
    const { mode } = parse(ArrivalChoiceSchema, input);
    return this.serialize(orderId, async () => {
      const s = this.orders.open(orderId);
      const { arrival_mode: _old, ...rest } = s.state;
      const state = mode === null ? rest : { ...rest, arrival_mode: mode };
      return this.orders.save({ ...s, state }, { touch: false }).order;
    });
  }

  /** The customer checks or unchecks an additional checkbox: merchant_requested on the order follows. */
  async checkbox(orderId: string, input: unknown): Promise<CheckoutOrder> {
    const { key, checked } = parse(CheckboxStepSchema, input);
    return this.serialize(orderId, async () => {
      const s = this.orders.open(orderId);
      const boxes = checkboxesOf(s.order);
      if (!boxes.some((b) => b.key === key)) {
        const known = boxes.map((b) => `'${b.key}'`).join(', ') || 'none';
        throw invalid([
          { path: 'key', message: `the order has no checkbox '${key}' (its checkboxes: ${known})` },
        ]);
      }
      const states = boxes.map((b) => (b.key === key ? { ...b, checked } : b));
      const order = { ...s.order, merchant_requested: merchantRequestedOf(s.order, states) };
      return this.orders.save({ ...s, order }, { touch: true }).order;
    });
  }

  /** The customer presses pay: validation (when registered), then completion. */
  async complete(orderId: string, input: unknown): Promise<StepResult> {
    const given = parse(CompleteStepSchema, input);
    const { fraud_status = 'ACCEPTED', arrival: asked } = given;
    return this.serialize(orderId, async () => {
      const s = this.orders.open(orderId);
      if (!s.state.address_entered)
        throw outOfOrder('the customer has not entered an address yet: run the address step before paying');
      if (s.state.shipping_options.length > 0 && !s.order.selected_shipping_option) {
        throw outOfOrder('no shipping option is selected: run the shipping_option step before paying');
      }
      keepOrder('complete', s);
      const unchecked = uncheckedRequired(s.order);
      if (unchecked.length > 0) {
        const names = unchecked.map((b) => `'${b.key}'`).join(', ');
        throw new SimFailure(
          'conflict',
          'CHECKBOX_REQUIRED',
          `the required checkbox ${names} is not checked: the customer must check it before paying`,
        );
      }
      // The shipment at the integrator comes first; an error there restarts the shipping selection.
      const pay = await this.shipping.beforePay(s);
      if ('draft' in pay) return this.finish('complete', pay.draft, given);
      const abandon = this.faultsOf(orderId).abandon_slow_callback;
      const draft = pay.decorate(
        await runValidation(this.client, pay.session, this.timeoutMs, this.clock, abandon),
      );
      // The completed order and its hand-off (order management, the push schedule, shipment tracking)
      // commit together: a crash between them would leave a completed order that nobody pushes.
      if (draft.accepted) {
        const own = asked ?? draft.session.state.arrival_mode;
        const arrival: ArrivalApplied = own
          ? { mode: own, from: 'order' }
          : { mode: this.settings.get().confirmation_arrival, from: 'setting' };
        draft.session = { ...draft.session, state: { ...draft.session.state, arrival } };
      }
      return this.orders.atomically(orderId, () => {
        const result = this.finish('complete', draft, given);
        if (result.outcome === 'completed') {
          const arrival = draft.session.state.arrival!;
          const completion = { fraudStatus: fraud_status, arrival };
          this.domain.emit('checkout.completed', { order: result.order as CheckoutOrder, completion });
        }
        return result;
      });
    });
  }
}

function normalizeAddress(a: Address): Address {
  return a.country ? { ...a, country: a.country.toUpperCase() } : a;
}

function missingFields(a: Address, path: string) {
  return REQUIRED_ADDRESS_FIELDS.filter((f) => typeof a[f] !== 'string' || a[f]!.trim() === '').map((f) => ({
    path: `${path}.${f}`,
    message: 'is required (the checkout form asks for it)',
  }));
}

function accepted(s: Session, candidate: CheckoutOrder, message: string): StepDraft {
  return {
    session: { ...s, order: candidate },
    accepted: true,
    result: stepResultDraft('applied', message),
  };
}

function unchanged(s: Session, message: string): StepDraft {
  return accepted(s, s.order, message);
}
