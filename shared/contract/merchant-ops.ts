import { z } from 'zod';

/**
 * The merchant-facing APIs the console may call as the merchant. Not `/test_helpers`: that is the
 * simulator's own automation, which the console reaches through its own operations.
 */
export const MERCHANT_API_PREFIXES = [
  '/checkout/v3/',
  '/ordermanagement/v1/',
  '/ipp/v1/',
  '/elements/v1/',
] as const;

export const MERCHANT_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** A request the console makes as the merchant: the path on the provider API, and a JSON body. */
export const MerchantRequestSchema = z.object({
  method: z.enum(MERCHANT_METHODS),
  path: z
    .string()
    .min(1)
    .max(2000)
    .refine(
      (p) => MERCHANT_API_PREFIXES.some((prefix) => p.startsWith(prefix)),
      `must be a path of the merchant's APIs (${MERCHANT_API_PREFIXES.join(', ')})`,
    ),
  /** Sent as JSON; left out, no body is sent. */
  body: z.unknown().optional(),
  /** Sent as Klarna-Idempotency-Key (order management answers a repeated key with the first answer). */
  idempotencyKey: z.string().min(1).max(200).optional(),
});
export type MerchantRequest = z.infer<typeof MerchantRequestSchema>;

/** What the provider API answered, as the merchant's code would see it. */
export const MerchantAnswerSchema = z.object({
  status: z.int(),
  headers: z.record(z.string(), z.string()),
  /** The body: parsed when it is JSON, else its text; null when there is none. */
  body: z.unknown(),
});
export type MerchantAnswer = z.infer<typeof MerchantAnswerSchema>;

/** Acting as the merchant: a call through the provider API's own routes, with the merchant's credentials. */
export const merchantOps = {
  'merchant.request': { input: MerchantRequestSchema, output: MerchantAnswerSchema },
} as const;
