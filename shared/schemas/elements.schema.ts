import { z } from 'zod';

/**
 * Embedded-elements clients (`/elements/v1/clients`). Input objects are strict: a misspelt key would
 * otherwise be stored and silently do nothing, which is the kind of mistake the simulator should surface.
 */

const httpUrl = z
  .string()
  .max(2000)
  .refine((s) => /^https?:\/\/[^\s/?#]+/i.test(s), 'must be an absolute http or https URL');

export const PaymentMethodSchema = z.strictObject({
  method: z.string().min(1, 'must not be empty').max(100),
  provider: z.string().min(1, 'must not be empty').max(100),
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/** A placement's express configuration; every URL is optional so a merge patch can remove it with null. */
export const ExpressConfigSchema = z.strictObject({
  push_url: httpUrl.optional(),
  validation_url: httpUrl.optional(),
  confirmation_url: httpUrl.optional(),
  payment_methods: z.array(PaymentMethodSchema).min(1, 'must name at least one payment method'),
});
export type ExpressConfig = z.infer<typeof ExpressConfigSchema>;

export const PlacementSchema = z.strictObject({
  key: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,100}$/, 'must be 1–100 letters, digits, dots, dashes or underscores'),
  /** What the placement shows, e.g. `express_button`, `promotion_badge`. */
  content: z.array(z.string().min(1, 'must not be empty').max(100)).max(50),
  express_config: ExpressConfigSchema.optional(),
});
export type Placement = z.infer<typeof PlacementSchema>;

const placements = z
  .array(PlacementSchema)
  .max(100)
  .refine((ps) => new Set(ps.map((p) => p.key)).size === ps.length, 'must not repeat a placement key');

/** Origins are checked entry by entry by `checkOrigins` (shared/rules/origins.ts) after the shape. */
const originList = z.array(z.string()).max(200);

/** Body of `POST /elements/v1/clients/`. */
export const ClientCreateSchema = z.strictObject({
  name: z.string().min(1, 'must not be empty').max(255),
  allowed_origins: originList.optional(),
  placements: placements.optional(),
});
export type ClientCreate = z.infer<typeof ClientCreateSchema>;

/**
 * Body of `PUT /elements/v1/clients/{clientId}`: replaces name, origins and placements. The read-only
 * fields are accepted and ignored, so a client read with GET can be sent back as it is.
 */
export const ClientUpdateSchema = ClientCreateSchema.extend({
  id: z.unknown().optional(),
  merchant_id: z.unknown().optional(),
  created_at: z.unknown().optional(),
  updated_at: z.unknown().optional(),
  origin_flags: z.unknown().optional(),
});
export type ClientUpdate = z.infer<typeof ClientUpdateSchema>;

/** Body of `PUT …/allowed-origins` and `PATCH …/add-allowed-origins`. */
export const OriginsBodySchema = z.strictObject({ allowed_origins: originList });

export const OriginFlagSchema = z.object({
  origin: z.string(),
  flag: z.literal('http_localhost'),
  message: z.string(),
});

/** A client as the API returns it. `origin_flags` is computed: origins accepted with a caveat. */
export const ClientSchema = z.object({
  id: z.string(),
  merchant_id: z.string(),
  name: z.string(),
  allowed_origins: z.array(z.string()),
  placements: z.array(PlacementSchema),
  origin_flags: z.array(OriginFlagSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Client = z.infer<typeof ClientSchema>;

/** One page of `GET /elements/v1/clients/`. */
export const ClientPageSchema = z.object({
  clients: z.array(ClientSchema),
  next_cursor: z.string().nullable(),
});
export type ClientPage = z.infer<typeof ClientPageSchema>;

export const ELEMENTS_ERROR_CODES = [
  'CLIENT_NOT_FOUND',
  'ORIGIN_NOT_ALLOWED',
  'ARGUMENT_NOT_VALID',
  'UNAUTHORIZED',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'INTERNAL_ERROR',
  /** A write found the disk holding the simulator's data folder full (507; sim-defined). */
  'DISK_FULL',
] as const;

/** The elements API's error body. */
export const ElementsErrorSchema = z.object({
  message: z.string(),
  additional_context: z.array(z.object({ field: z.string(), message: z.string() })),
  code: z.enum(ELEMENTS_ERROR_CODES),
});
export type ElementsError = z.infer<typeof ElementsErrorSchema>;
