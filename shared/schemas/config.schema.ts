import { z } from 'zod';
import { LogMaxBytesSchema } from './log-status.schema';
import { AllowedHostsSchema } from './allowed-hosts.schema';

/**
 * Which HTTP/1.1 server serves the provider API and the fake integrator: the simulator's own (`own`, the
 * default: the fast one) or node:http (`node`: the standard one, to settle a doubt about the own).
 */
export const HTTP_SERVER_KINDS = ['own', 'node'] as const;
export type HttpServerKind = (typeof HTTP_SERVER_KINDS)[number];

/** The config file given with --config (JSON). Every key is optional. */
export const SimConfigSchema = z.strictObject({
  credentials: z
    .strictObject({
      username: z.string().min(1, 'must not be empty'),
      password: z.string().min(1, 'must not be empty'),
    })
    .optional(),
  host: z.string().min(1).optional(),
  allowed_hosts: AllowedHostsSchema.optional(),
  http: z.enum(HTTP_SERVER_KINDS).optional(),
  ports: z
    .strictObject({
      api: z.int().min(0).max(65535).optional(),
      console: z.int().min(0).max(65535).optional(),
      integrator: z.int().min(0).max(65535).optional(),
      checkout: z.int().min(0).max(65535).optional(),
      shop: z.int().min(0).max(65535).optional(),
    })
    .optional(),
  /**
   * HTTPS (`--tls`): true for a certificate of the data folder's local CA; or the user's own `cert` and
   * `key` files (PEM; relative to the config file), and more `names` for the local CA's certificate.
   */
  tls: z
    .union([
      z.boolean(),
      z
        .strictObject({
          cert: z.string().min(1, 'must not be empty').optional(),
          key: z.string().min(1, 'must not be empty').optional(),
          names: z.array(z.string().min(1, 'must not be empty')).optional(),
        })
        .refine((t) => (t.cert === undefined) === (t.key === undefined), {
          message: 'cert and key go together: give both, or neither to use the local CA',
        }),
    ])
    .optional(),
  /** `--merchant-ca`: a PEM file (relative to the config file) of the CA the merchant's https servers use. */
  merchant_ca: z.string().min(1, 'must not be empty').optional(),
  /** The exchange log's size cap in bytes (the setting of that name), applied at each start. */
  log_max_bytes: LogMaxBytesSchema.optional(),
  /** Connections each listener serves at once; past it, 503 with Retry-After at once (default 128). */
  max_connections: z.int().min(1).max(100_000).optional(),
  /** Connections beyond that for the API's /test_helpers/… (default 32). */
  test_helpers_connections: z.int().min(0).max(10_000).optional(),
});
export type SimConfig = z.infer<typeof SimConfigSchema>;

export const DEFAULT_CREDENTIALS = { username: 'merchant', password: 'secret' } as const;
export const DEFAULT_PORTS = {
  api: 4700,
  console: 4701,
  integrator: 4702,
  checkout: 4703,
  shop: 4704,
} as const;

export type Ports = { api: number; console: number; integrator: number; checkout: number; shop: number };

/** The per-user app-data folder's name (Electron's userData and the CLI's default data folder). */
export const APP_DIR_NAME = 'Checkout Simulator';
/** The database file inside the data folder. */
export const DB_FILE = 'simulator.db';

/**
 * The ports to listen on, the same rule for `serve` and the desktop app: `--port N` gives the API N,
 * the console N+1, the integrator N+2, the embedded checkout N+3 and the sample shop N+4 (0 picks free
 * ports for all); without it, the config file's ports over the defaults.
 */
export function portsFor(port: number | undefined, config: SimConfig): Ports {
  if (port === undefined) return { ...DEFAULT_PORTS, ...config.ports };
  return port === 0
    ? { api: 0, console: 0, integrator: 0, checkout: 0, shop: 0 }
    : { api: port, console: port + 1, integrator: port + 2, checkout: port + 3, shop: port + 4 };
}
