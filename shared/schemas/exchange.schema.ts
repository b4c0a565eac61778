import { z } from 'zod';

export const ViolationSchema = z.object({ rule: z.string(), path: z.string(), message: z.string() });
export type Violation = z.infer<typeof ViolationSchema>;

const MessageSchema = z.object({
  headers: z.record(z.string(), z.string()),
  /** The body as text (JSON bodies are kept verbatim), or null when there was none. */
  body: z.string().nullable(),
});

/** One recorded HTTP exchange, inbound (merchant → simulator) or outbound (simulator → merchant or integrator). */
export const ExchangeSchema = z.object({
  id: z.string(),
  order_id: z.string().nullable(),
  direction: z.enum(['in', 'out']),
  kind: z.string(),
  method: z.string(),
  url: z.string(),
  status: z.int().nullable(),
  duration_ms: z.number(),
  at: z.string(),
  request: MessageSchema,
  response: MessageSchema,
  outcome: z.string().nullable(),
  violations: z.array(ViolationSchema),
  /**
   * Sim-defined: the merchant fault this call was made under (`duplicate_push`, …: merchant-faults.schema.ts),
   * when the simulator misbehaved on purpose. Absent on every other exchange.
   */
  fault: z.string().optional(),
  /** Sim-defined: the exchange this one sends again (a replay); absent on every other exchange. */
  replay_of: z.string().optional(),
  /** Sim-defined, replays only: what was changed before sending (`url`, `body`, `headers.X-Name`), in that order. */
  edited: z.array(z.string()).optional(),
  /**
   * Sim-defined, refused requests only: the Authorization header as it was sent, sealed with a key kept in
   * the data folder (the log shows it masked). Copy as cURL asks the simulator to open it
   * (`exchanges.sentAuthorization`), so the command fails as the request did.
   */
  sealed_authorization: z.string().optional(),
  /**
   * Sim-defined: why the simulator answered 500 to this request (an exception in its own code: the error
   * and where it was thrown). Absent on every other exchange.
   */
  error: z.string().optional(),
});
export type Exchange = z.infer<typeof ExchangeSchema>;

/** `GET /test_helpers/exchanges` (sim-defined): an order's exchanges, oldest first. */
export const ExchangeListSchema = z.object({ exchanges: z.array(ExchangeSchema) });

/** `DELETE /test_helpers/exchanges` and the console's "Clear log" (sim-defined): how many exchanges the log held. */
export const ExchangesClearedSchema = z.object({ cleared: z.int().min(0) });

/** An HTTP header name (a token) and a value without line breaks, as a request may carry them. */
const HeaderName = z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'must be an HTTP header name (a token)');
const HeaderValue = z.string().refine((v) => !/[\r\n\0]/.test(v), 'must not contain line breaks');

/**
 * Sim-defined: what to change before a recorded outbound exchange is sent again; anything left out is
 * sent as it was recorded.
 */
export const ReplayEditsSchema = z.strictObject({
  /** Another URL (another server, or the same with another path or query). */
  url: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  /** Headers to set (a value) or remove (null), matched by name without regard to case. */
  headers: z.record(HeaderName, HeaderValue.nullable()).optional(),
  /** Another body: text as it is, JSON (an object or array) serialized, null for none. */
  body: z.union([z.string(), z.null(), z.record(z.string(), z.unknown()), z.array(z.unknown())]).optional(),
});
export type ReplayEdits = z.infer<typeof ReplayEditsSchema>;
/** An exchange's HTTP status by class; `none` when no answer came (time-out, refused, unreachable). */
export const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx', 'none'] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

/** What the log can be filtered by, besides a whole order id (which the log's index reads directly). */
export const ExchangeFilterSchema = z.object({
  /** A kind, or a family of kinds: `checkout` finds `checkout.create`, `checkout.read`, … */
  kind: z.string().trim().max(200).optional(),
  direction: z.enum(['in', 'out']).optional(),
  /** The outcome as recorded (`applied`, `delivered`, `NOT_FOUND`, …), case aside. */
  outcome: z.string().trim().max(200).optional(),
  status: z.enum(STATUS_CLASSES).optional(),
  /** Only exchanges that broke a rule. */
  violations: z.boolean().optional(),
  /** Free text found in the URL (path and query, or the whole address called). */
  text: z.string().trim().max(500).optional(),
  /** Part of an order or session id. */
  order: z.string().trim().max(100).optional(),
});
export type ExchangeFilter = z.infer<typeof ExchangeFilterSchema>;

/** A page of the log, newest first, and where the next (older) page starts. */
export const ExchangePageSchema = z.object({
  exchanges: z.array(ExchangeSchema),
  /** Pass back as `cursor` for the next page; null when the oldest exchange has been read. */
  next: z.string().nullable(),
  /** Exchanges looked at for this page (a narrow filter reads many to find a few). */
  scanned: z.int().min(0),
});
export type ExchangePage = z.infer<typeof ExchangePageSchema>;
