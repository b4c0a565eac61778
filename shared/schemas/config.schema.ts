import { z } from 'zod';

/** The config file given with --config (JSON). Every key is optional. */
export const SimConfigSchema = z.strictObject({
  credentials: z
    .strictObject({
      username: z.string().min(1, 'must not be empty'),
      password: z.string().min(1, 'must not be empty'),
    })
    .optional(),
  host: z.string().min(1).optional(),
  ports: z
    .strictObject({
      api: z.int().min(0).max(65535).optional(),
      console: z.int().min(0).max(65535).optional(),
      integrator: z.int().min(0).max(65535).optional(),
    })
    .optional(),
});
export type SimConfig = z.infer<typeof SimConfigSchema>;

export const DEFAULT_CREDENTIALS = { username: 'merchant', password: 'secret' } as const;
export const DEFAULT_PORTS = { api: 4700, console: 4701, integrator: 4702 } as const;
