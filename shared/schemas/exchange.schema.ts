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
