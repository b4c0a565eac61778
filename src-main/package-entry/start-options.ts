import { SimConfigSchema, type Ports, type SimConfig } from '@shared/schemas/config.schema';
import { problemMessages, schemaProblems } from '@shared/rules/schema-problems';
import { resolve } from 'node:path';
import type { TlsOptions } from '../boot/boot-tls';
import { loadConfig } from '../core/config-file';
import { silentLogger, stderrLogger, type Logger } from '../core/log';
import type * as Public from './public';

/** What startSimulator's options come to for boot(): each option, or its documented default. */
export interface ResolvedStart {
  config: SimConfig;
  host: string;
  ports: Ports;
  log: Logger;
  /** HTTPS: the listeners' certificate source; null for plain http. */
  tls: TlsOptions | null;
  merchantCa: string | null;
}

/** Bad options are the caller's to fix: the message names the option and the rule. */
export class StartOptionsError extends Error {
  override name = 'StartOptionsError';
}

/** The config as an object (checked as the config file is) or as the path of the JSON file. */
function configOf(config: Public.StartOptions['config']): SimConfig {
  if (config === undefined || typeof config === 'string') return loadConfig(config);
  const parsed = SimConfigSchema.safeParse(config);
  if (parsed.success) return parsed.data;
  const problems = problemMessages(schemaProblems(parsed.error));
  throw new StartOptionsError(`startSimulator: config: ${problems.join('; ')}`);
}

/**
 * `port` N takes N to N+4, as `serve --port N` does; without it, free ports (0), unless the config
 * names its own `ports`: a suite that starts the simulator in a set-up file must not collide with a
 * `checkout-sim serve` on the default ports.
 */
function portsOf(port: number | undefined, config: SimConfig): Ports {
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65531))
    throw new StartOptionsError(
      `startSimulator: port must be an integer from 0 to 65531 (it uses port to port+4), got ${String(port)}`,
    );
  if (port !== undefined && port > 0)
    return { api: port, console: port + 1, integrator: port + 2, checkout: port + 3, shop: port + 4 };
  const free = { api: 0, console: 0, integrator: 0, checkout: 0, shop: 0 };
  return port === 0 ? free : { ...free, ...config.ports };
}

/** The `tls` option over the config's `tls` (paths relative to the current folder, as any option's). */
function tlsOf(option: Public.StartOptions['tls'], config: SimConfig): TlsOptions | null {
  const wish = option ?? config.tls ?? false;
  if (wish === false) return null;
  if (wish === true) return {};
  if (typeof wish !== 'object' || wish === null)
    throw new StartOptionsError(
      `startSimulator: tls must be true, false or { cert, key }, got ${String(wish)}`,
    );
  const names = 'names' in wish && Array.isArray(wish.names) ? { names: wish.names as string[] } : {};
  if (wish.cert === undefined || wish.key === undefined) return names;
  return { certFile: resolve(wish.cert), keyFile: resolve(wish.key), ...names };
}

export function resolveStart(o: Public.StartOptions): ResolvedStart {
  const config = configOf(o.config);
  if (o.host !== undefined && (typeof o.host !== 'string' || o.host === ''))
    throw new StartOptionsError(`startSimulator: host must be a non-empty string, got ${String(o.host)}`);
  return {
    config,
    host: o.host ?? config.host ?? '127.0.0.1',
    ports: portsOf(o.port, config),
    // Quiet by default: a test runner's output is the tests', and a failed start throws its reason.
    log: o.quiet === false ? stderrLogger(false) : silentLogger,
    tls: tlsOf(o.tls, config),
    merchantCa: config.merchant_ca === undefined ? null : resolve(config.merchant_ca),
  };
}
