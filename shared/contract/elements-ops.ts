import { z } from 'zod';
import { NoInput } from './op-inputs';
import { ClientSchema } from '../schemas/elements.schema';

const clientId = z.string().min(1);

/**
 * Console operations of elements clients. Bodies go through as `unknown` and are validated by the service
 * with the API's own rules, so the console shows the same field errors a merchant's server would get.
 */
export const elementsOps = {
  'elements.clients.list': { input: NoInput, output: z.array(ClientSchema) },
  'elements.client.get': { input: z.object({ client_id: clientId }), output: ClientSchema.nullable() },
  'elements.client.create': { input: z.object({ body: z.unknown() }), output: ClientSchema },
  'elements.client.update': {
    input: z.object({ client_id: clientId, body: z.unknown() }),
    output: ClientSchema,
  },
  'elements.client.delete': {
    input: z.object({ client_id: clientId }),
    output: z.object({ deleted: z.literal(true) }),
  },
  'elements.client.setExpress': {
    input: z.object({
      client_id: clientId,
      placement_key: z.string().optional(),
      /** The configuration (replaces) or, with `patch`, a JSON merge patch; null removes it when patching. */
      express_config: z.unknown(),
      patch: z.boolean().optional(),
    }),
    output: ClientSchema,
  },
  'elements.client.setOrigins': {
    input: z.object({
      client_id: clientId,
      allowed_origins: z.array(z.string()),
      /** `replace` (default) or `add` (append without duplicates). */
      mode: z.enum(['replace', 'add']).optional(),
    }),
    output: ClientSchema,
  },
} as const;

export const elementsEvents = {
  'elements.client.changed': z.object({
    client_id: z.string(),
    change: z.enum(['created', 'updated', 'deleted']),
  }),
} as const;
