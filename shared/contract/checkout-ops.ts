import { z } from 'zod';
import { NoInput, OrderIdInput } from './op-inputs';
import { SessionStateSchema } from '../schemas/session.schema';
import { SettingsSchema } from '../schemas/settings.schema';
import { ArrivalModeSchema } from '../schemas/arrival.schema';
import { CustomerViewSchema, StepAnswerSchema } from '../schemas/customer.schema';

const OrderDoc = z.record(z.string(), z.unknown());
const Step = (input: z.ZodType) => ({
  input: z.object({ orderId: z.string().min(1), input }),
  /** The step's result and what the customer sees after it. */
  output: StepAnswerSchema,
});

/** Remembered between console sessions (in the data folder): the create form's URLs, the theme. */
export const UiPrefsSchema = z.object({
  merchant_urls: z.record(z.string(), z.string()).optional(),
  purchase_country: z.string().optional(),
  purchase_currency: z.string().optional(),
  locale: z.string().optional(),
  /** The console's colours: the system's (the default), or always light or dark. */
  theme: z.enum(['system', 'light', 'dark']).optional(),
});
export type UiPrefs = z.infer<typeof UiPrefsSchema>;
export type Theme = NonNullable<UiPrefs['theme']>;

/** The checkout session as the console shows it: order, simulator state, and what the customer may do. */
export const SessionViewSchema = z.object({
  order: OrderDoc,
  state: SessionStateSchema,
  /** checkout_incomplete, checkout_complete, expired or aborted. */
  status: z.string(),
  allowed_countries: z.array(z.string()),
  /** Registered callbacks by key, with {checkout.order.id} replaced. */
  callbacks: z.record(z.string(), z.string()),
  /** The embedded checkout's page for this order, with its customer token (what html_snippet loads). */
  customer_url: z.string(),
});
export type SessionView = z.infer<typeof SessionViewSchema>;

/** Operations of checkout sessions: the merchant's side (create, update, abort) and the customer's steps. */
export const checkoutOps = {
  'orders.create': { input: z.object({ body: z.unknown() }), output: OrderDoc },
  'orders.update': { input: z.object({ orderId: z.string().min(1), body: z.unknown() }), output: OrderDoc },
  'orders.abort': { input: OrderIdInput, output: OrderDoc },
  'session.get': { input: OrderIdInput, output: SessionViewSchema.nullable() },
  'session.country': Step(z.unknown()),
  'session.address': Step(z.unknown()),
  'session.shippingOption': Step(z.unknown()),
  'session.complete': Step(z.unknown()),
  /** What the customer sees now (the embedded checkout's view); null when unknown. */
  'session.customerView': {
    input: OrderIdInput,
    output: CustomerViewSchema.nullable(),
  },
  /** The order's own choice of push and redirect order (null: the setting decides); answers the customer's view. */
  'session.arrival': {
    input: z.object({ orderId: z.string().min(1), mode: ArrivalModeSchema.nullable() }),
    output: CustomerViewSchema,
  },
  /** The customer checks or unchecks an additional checkbox (merchant_requested); answers the customer's view. */
  'session.checkbox': {
    input: z.object({ orderId: z.string().min(1), key: z.string(), checked: z.boolean() }),
    output: CustomerViewSchema,
  },
  'settings.get': { input: NoInput, output: SettingsSchema },
  // Passed on whole to the service's strict schema: a record would drop a `__proto__` field unseen.
  'settings.update': { input: z.unknown(), output: SettingsSchema },
  'ui.prefs.get': { input: NoInput, output: UiPrefsSchema },
  'ui.prefs.set': { input: UiPrefsSchema, output: UiPrefsSchema },
} as const;
