import type { checkoutOps, SessionView, UiPrefs } from '@shared/contract/checkout-ops';
import { UiPrefsSchema } from '@shared/contract/checkout-ops';
import { CALLBACK_KEYS } from '@shared/schemas/checkout-order.schema';
import { inAnswerOrder, type CustomerView, type StepAnswer } from '@shared/schemas/customer.schema';
import type { StepResult } from '@shared/schemas/session.schema';
import { callbackUrl } from '@shared/rules/merchant-urls';
import { readSettings, writeSettings } from '../../store/settings.repo';
import type { Db } from '../../store/db';
import type { Clock } from '../clock';
import type { Handlers } from '../control';
import type { SettingsService } from '../settings';
import { displayStatus, type CheckoutOrders } from './checkout-orders';
import { allowedCountries, type CustomerSteps } from './customer-steps';

type CheckoutHandlers = Pick<Handlers, keyof typeof checkoutOps>;

/** The session as the console shows it. */
export function sessionView(
  orders: CheckoutOrders,
  orderId: string,
  now: number,
  customerUrl: (orderId: string) => string,
): SessionView | null {
  const s = orders.load(orderId);
  if (!s) return null;
  const callbacks: Record<string, string> = {};
  for (const key of CALLBACK_KEYS) {
    const url =
      s.order.merchant_urls[key] !== undefined
        ? callbackUrl(s.order.merchant_urls, key, s.order.order_id)
        : undefined;
    if (url !== undefined) callbacks[key] = url;
  }
  return {
    order: s.order as Record<string, unknown>,
    state: s.state,
    status: displayStatus(s, now),
    allowed_countries: allowedCountries(s),
    callbacks,
    customer_url: customerUrl(orderId),
  };
}

const PREFS_KEY = 'ui_prefs';

/** A step's result with what the customer sees after it: every step answer carries the view. */
export function withCustomerView(
  view: (orderId: string) => CustomerView | null,
): (orderId: string, result: StepResult | Promise<StepResult>) => Promise<StepAnswer> {
  return async (orderId, result) => {
    const r = await result;
    const customerView = view(orderId);
    if (!customerView) throw new Error(`order ${orderId} has no customer view after its step`);
    return inAnswerOrder({ ...r, customer_view: customerView });
  };
}

/** Control handlers of checkout sessions: the same services the provider API and automation use. */
export function checkoutHandlers(deps: {
  db: Db;
  clock: Clock;
  orders: CheckoutOrders;
  steps: CustomerSteps;
  settings: SettingsService;
  customerView: (orderId: string) => CustomerView | null;
  customerUrl: (orderId: string) => string;
}): CheckoutHandlers {
  const { orders, steps, settings, db, clock } = deps;
  const answer = withCustomerView(deps.customerView);
  const viewOf = (orderId: string): CustomerView => {
    const view = deps.customerView(orderId);
    if (!view) throw new Error(`order ${orderId} has no customer view`);
    return view;
  };
  const prefs = (): UiPrefs => {
    const r = UiPrefsSchema.safeParse(readSettings(db)[PREFS_KEY] ?? {});
    return r.success ? r.data : {};
  };
  return {
    'orders.create': (i) => orders.create(i.body) as Record<string, unknown>,
    'orders.update': (i) => orders.update(i.orderId, i.body) as Record<string, unknown>,
    'orders.abort': (i) => orders.abort(i.orderId) as Record<string, unknown>,
    'session.get': (i) => sessionView(orders, i.orderId, clock.now(), deps.customerUrl),
    'session.country': (i) => answer(i.orderId, steps.country(i.orderId, i.input)),
    'session.address': (i) => answer(i.orderId, steps.address(i.orderId, i.input)),
    'session.shippingOption': (i) => answer(i.orderId, steps.shippingOption(i.orderId, i.input)),
    'session.complete': (i) => answer(i.orderId, steps.complete(i.orderId, i.input)),
    'session.customerView': (i) => deps.customerView(i.orderId),
    'session.arrival': async (i) => {
      await steps.setArrival(i.orderId, { mode: i.mode });
      return viewOf(i.orderId);
    },
    'session.checkbox': async (i) => {
      await steps.checkbox(i.orderId, { key: i.key, checked: i.checked });
      return viewOf(i.orderId);
    },
    'settings.get': () => settings.get(),
    'settings.update': (i) => settings.update(i),
    'ui.prefs.get': () => prefs(),
    'ui.prefs.set': (i) => {
      const next = { ...prefs(), ...i };
      writeSettings(db, { [PREFS_KEY]: next }, new Date(clock.now()).toISOString());
      return next;
    },
  };
}
