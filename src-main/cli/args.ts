import { parseArgs } from 'node:util';
import { DEFAULT_PORTS, HTTP_SERVER_KINDS, type HttpServerKind } from '@shared/schemas/config.schema';

export const USAGE = `Usage: checkout-sim serve [--host H] [--port N] [--data-dir DIR] [--config FILE] [--http own|node] [--no-shop] [--quiet]
       checkout-sim openapi [--integrator]

  --host H        address to bind (default 127.0.0.1; anything else exposes the simulator to the network)
  --port N        port of the provider API; the console uses N+1, the fake integrator N+2, the embedded
                  checkout N+3 and the sample shop N+4. 0 picks free ports for all. Default ${DEFAULT_PORTS.api}.
  --data-dir DIR  where the SQLite database lives (default: the per-user app-data folder)
  --config FILE   JSON config: {"credentials":{"username","password"},"host","http",
                  "ports":{"api","console","integrator","checkout","shop"}}
  --http own|node the HTTP/1.1 server of the provider API and the fake integrator: the simulator's own
                  (default) or node:http, to check a doubt about the own one against the standard
  --no-shop       do not start the sample shop
  --quiet         no informational lines on stderr

openapi prints the OpenAPI 3.1 document of the provider APIs (or, with --integrator, of the built-in fake
integrator) to stdout; a running simulator serves it at GET /openapi.json on each of those listeners.`;

export interface ServeArgs {
  host?: string;
  port?: number;
  dataDir?: string;
  config?: string;
  /** Which server serves the provider API and the fake integrator. */
  http?: HttpServerKind;
  /** Without the sample shop beside the simulator. */
  noShop: boolean;
  quiet: boolean;
}

export class UsageError extends Error {}

export function parseServeArgs(argv: string[]): ServeArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        host: { type: 'string' },
        port: { type: 'string' },
        'data-dir': { type: 'string' },
        config: { type: 'string' },
        http: { type: 'string' },
        'no-shop': { type: 'boolean', default: false },
        quiet: { type: 'boolean', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  let port: number | undefined;
  if (values.port !== undefined) {
    port = Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65531) {
      throw new UsageError(
        `--port must be an integer from 0 to 65531 (it uses N to N+4), got '${values.port}'`,
      );
    }
  }
  const http = values.http;
  if (http !== undefined && !(HTTP_SERVER_KINDS as readonly string[]).includes(http)) {
    throw new UsageError(`--http must be ${HTTP_SERVER_KINDS.join(' or ')}, got '${http}'`);
  }
  return {
    host: values.host,
    port,
    http: http as HttpServerKind | undefined,
    dataDir: values['data-dir'],
    config: values.config,
    noShop: values['no-shop'],
    quiet: values.quiet,
  };
}

export interface OpenApiArgs {
  /** The fake integrator's document instead of the provider APIs'. */
  integrator: boolean;
}

/** The options of `checkout-sim openapi`; anything else is a usage error. */
export function parseOpenApiArgs(argv: string[]): OpenApiArgs {
  try {
    const { values } = parseArgs({
      args: argv,
      options: { integrator: { type: 'boolean', default: false } },
      strict: true,
      allowPositionals: false,
    });
    return { integrator: values.integrator };
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}
