import { z } from 'zod';
import { NoInput, OrderIdInput } from './op-inputs';
import {
  ExchangeFilterSchema,
  ExchangePageSchema,
  ExchangeSchema,
  ExchangesClearedSchema,
  ReplayEditsSchema,
} from '../schemas/exchange.schema';
import { OrderListQuerySchema, OrderListSchema, OrderSummarySchema } from '../schemas/checkout-order.schema';
import { FieldProblemSchema } from '../schemas/common.schema';
import { SettingsSchema } from '../schemas/settings.schema';
import { LogStatusSchema } from '../schemas/log-status.schema';
import { afterPurchaseEvents, afterPurchaseOps } from './after-purchase-ops';
import { checkoutOps } from './checkout-ops';
import { elementsEvents, elementsOps } from './elements-ops';
import { exploreOps } from './explore-ops';
import { ippEvents, ippOps } from './ipp-ops';
import { shippingEvents, shippingOps } from './shipping-ops';
import { integratorEvents, integratorOps } from './integrator-ops';
import { faultEvents, faultOps } from './fault-ops';
import { merchantOps } from './merchant-ops';
import { scenarioOps } from './scenario-ops';
import { testClockEvents, testClockOps } from './test-clock-ops';

/**
 * The control contract: every operation the console can invoke and every event it can receive.
 * Both transports (Electron IPC and HTTP + server-sent events) validate input with these schemas.
 */
export const controlOps = {
  'app.info': {
    input: NoInput,
    output: z.object({
      version: z.string(),
      mode: z.enum(['electron', 'browser']),
      dataDir: z.string(),
      urls: z.object({
        api: z.string(),
        console: z.string(),
        integrator: z.string(),
        /** The embedded checkout (what html_snippet loads). */
        checkout: z.string(),
        /** The sample shop, the reference integration ('' when it is not started). */
        shop: z.string(),
      }),
      /**
       * `--tls`: the listeners but the console's answer https; `caFile` is the local CA's certificate for a
       * client to trust (null with the user's own certificate). Absent: plain http.
       */
      tls: z.object({ caFile: z.string().nullable() }).optional(),
      credentials: z.object({ username: z.string(), password: z.string() }),
    }),
  },
  /** Newest first, a page at a time, optionally of one status. */
  'orders.list': {
    input: OrderListQuerySchema.optional(),
    output: OrderListSchema,
  },
  'orders.get': {
    input: OrderIdInput,
    /** The checkout order as the API returns it, or null when unknown. */
    output: z.record(z.string(), z.unknown()).nullable(),
  },
  'exchanges.list': {
    input: z
      .object({
        orderId: z.string().optional(),
        limit: z.int().min(1).max(1000).optional(),
      })
      .optional(),
    /** Newest first. */
    output: z.array(ExchangeSchema),
  },
  /**
   * The log page by page, newest first: one order's exchanges (a whole id, read through the log's index)
   * and/or those passing `filter`, from where the last page's `next` cursor points.
   */
  'exchanges.search': {
    input: z
      .object({
        orderId: z.string().min(1).optional(),
        filter: ExchangeFilterSchema.optional(),
        cursor: z.string().max(64).nullable().optional(),
        limit: z.int().min(1).max(1000).optional(),
      })
      .optional(),
    output: ExchangePageSchema,
  },
  /** Empties the exchange log. */
  'exchanges.clear': {
    input: NoInput,
    output: ExchangesClearedSchema,
  },
  /**
   * The log's size on disk against its cap (settings `log_max_bytes`), how many exchanges the cap
   * removed and how many could not be written, and whether the disk holding the data folder is full.
   */
  'log.status': {
    input: NoInput,
    output: LogStatusSchema,
  },
  /**
   * Sends a recorded outbound exchange (a callback, a push, a notification) again, as it was or with
   * edits, to the same or another URL; answers the new exchange, which names the one it replays.
   */
  'exchanges.replay': {
    input: ReplayEditsSchema.extend({ exchangeId: z.string().min(1) }),
    output: ExchangeSchema,
  },
  /**
   * The Authorization header a refused request sent, opened from the log's sealed copy (null when it sent
   * none, or the log is from another data folder): Copy as cURL of a 401 fails as the request did.
   */
  'exchanges.sentAuthorization': {
    input: z.object({ exchangeId: z.string().min(1) }),
    output: z.object({ authorization: z.string().nullable() }),
  },
  ...checkoutOps,
  ...ippOps,
  ...elementsOps,
  ...afterPurchaseOps,
  ...shippingOps,
  ...integratorOps,
  ...faultOps,
  ...merchantOps,
  ...scenarioOps,
  ...exploreOps,
  ...testClockOps,
} as const;

export type ControlOps = typeof controlOps;
export type OpName = keyof ControlOps;
export type OpInput<K extends OpName> = z.input<ControlOps[K]['input']>;
export type OpOutput<K extends OpName> = z.output<ControlOps[K]['output']>;

export const controlEvents = {
  'order.created': OrderSummarySchema,
  'order.updated': OrderSummarySchema,
  'exchange.recorded': z.object({ id: z.string(), order_id: z.string().nullable(), kind: z.string() }),
  /** The log was emptied (from the console or `DELETE /test_helpers/exchanges`). */
  'exchanges.cleared': ExchangesClearedSchema,
  /** The disk filled or has space again, exchanges were dropped or pruned, the log was emptied or its cap changed. */
  'log.status': LogStatusSchema,
  /** Settings changed, from the console or `PUT /test_helpers/settings`: every window follows. */
  'settings.changed': SettingsSchema,
  /**
   * Events of these names came faster than a window is sent them (a clock advance fires pushes by the
   * thousand) and `count` of them were left out: read again what depends on them (src-main's event-feed).
   */
  'events.skipped': z.object({ names: z.array(z.string()), count: z.number().int().positive() }),
  ...ippEvents,
  ...elementsEvents,
  ...afterPurchaseEvents,
  ...shippingEvents,
  ...integratorEvents,
  ...faultEvents,
  ...testClockEvents,
} as const;

export type ControlEvents = typeof controlEvents;
export type EventName = keyof ControlEvents;
export type EventPayload<K extends EventName> = z.output<ControlEvents[K]>;

export function isOpName(name: string): name is OpName {
  return Object.prototype.hasOwnProperty.call(controlOps, name);
}
export function isEventName(name: string): name is EventName {
  return Object.prototype.hasOwnProperty.call(controlEvents, name);
}

/** The error a transport returns when an operation fails. */
export const ControlErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  /** Field-level problems of bad input, each naming its path and rule. */
  problems: z.array(FieldProblemSchema).optional(),
});
export type ControlError = z.infer<typeof ControlErrorSchema>;
/** The control API's error body over HTTP (sim-defined): `{ok: false, error}`. */
export const ControlFailureSchema = z.object({ ok: z.literal(false), error: ControlErrorSchema });

/** Names of the IPC channels; the preload allows these and nothing else. */
export const IPC_INVOKE = 'control:invoke';
export const IPC_EVENT = 'control:event';
export const IPC_SUBSCRIBE = 'control:subscribe';

/** What the preload exposes on `window.checkoutSim`. */
export interface PreloadBridge {
  invoke(
    op: string,
    input: unknown,
  ): Promise<{ ok: true; value: unknown } | { ok: false; error: ControlError }>;
  subscribe(topic: string, cb: (payload: unknown) => void): () => void;
}
