import { parseArgs } from 'node:util';
import { DEFAULT_PORTS, HTTP_SERVER_KINDS, type HttpServerKind } from '@shared/schemas/config.schema';
import { REPORTER_KINDS, type ReporterSpec } from '../scenarios/reporters/write-reports';

export const USAGE = `Usage: checkout-sim serve [--host H] [--port N] [--data-dir DIR] [--config FILE] [--http own|node] [--no-shop] [--quiet] [--verbose]
       checkout-sim openapi [--integrator]
       checkout-sim run FILE… [--merchant-url URL] [--api URL [--username U --password P]]
                            [--reporter junit=FILE] [--reporter html=FILE] [--reporter json=FILE]
                            [--parallel N]
       checkout-sim scenario-schema

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
  --verbose       when start-up fails, the error's trace after its one-line reason

openapi prints the OpenAPI 3.1 document of the provider APIs (or, with --integrator, of the built-in fake
integrator) to stdout; a running simulator serves it at GET /openapi.json on each of those listeners.

run runs scenario files (YAML or JSON; a folder means its .yaml, .yml and .json files), each on its own
order and its own test clock, and prints one line per expectation; it exits 1 when one is not met.
  --api URL           a running simulator's provider API; without it, one is started for the run (free
                      ports, a temporary data folder) with the sample shop beside it
  --username/--password  that simulator's credentials (default merchant / secret)
  --merchant-url URL  the merchant's server; default: the simulator's sample shop
  --reporter K=FILE   also write a report: junit (JUnit XML), html (one page), json; may repeat
  --parallel N        how many scenarios run at once, each on a test clock of its own (default: the
                      number of cores); 1 runs them one after another on the simulator clock
scenario-schema prints the JSON Schema of scenario files (also in docs/scenario.schema.json).`;

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
  /** A failed start prints the trace behind its one-line reason. */
  verbose: boolean;
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
        verbose: { type: 'boolean', default: false },
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
    verbose: values.verbose,
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

export interface RunArgs {
  files: string[];
  api?: string;
  merchantUrl?: string;
  username?: string;
  password?: string;
  reporters: ReporterSpec[];
  /** Scenarios at once (each on its own test clock above 1); undefined: the number of cores. */
  parallel?: number;
}

const httpUrl = (flag: string, v: string | undefined): string | undefined => {
  if (v === undefined) return undefined;
  if (!URL.canParse(v) || !/^https?:$/.test(new URL(v).protocol))
    throw new UsageError(`${flag} must be an http:// or https:// URL, got '${v}'`);
  return v.replace(/\/+$/, '');
};

/** The options of `checkout-sim run`: files, where the simulator and the merchant are, reporters. */
export function parseRunArgs(argv: string[]): RunArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        api: { type: 'string' },
        'merchant-url': { type: 'string' },
        username: { type: 'string' },
        password: { type: 'string' },
        reporter: { type: 'string', multiple: true, default: [] },
        parallel: { type: 'string' },
      },
      strict: true,
      allowPositionals: true,
    });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const { values, positionals } = parsed;
  if (positionals.length === 0) throw new UsageError('run needs at least one scenario file');
  const reporters = values.reporter.map((r): ReporterSpec => {
    const i = r.indexOf('=');
    const kind = r.slice(0, i);
    if (i <= 0 || i === r.length - 1 || !(REPORTER_KINDS as readonly string[]).includes(kind))
      throw new UsageError(`--reporter must be junit=FILE, html=FILE or json=FILE, got '${r}'`);
    return { kind: kind as ReporterSpec['kind'], file: r.slice(i + 1) };
  });
  if ((values.username !== undefined || values.password !== undefined) && values.api === undefined)
    throw new UsageError(
      '--username and --password go with --api (a started simulator uses merchant / secret)',
    );
  const parallel = values.parallel === undefined ? undefined : Number(values.parallel);
  if (parallel !== undefined && !(Number.isInteger(parallel) && parallel >= 1 && parallel <= 256))
    throw new UsageError(`--parallel must be a whole number from 1 to 256, got '${values.parallel}'`);
  return {
    files: positionals,
    parallel,
    api: httpUrl('--api', values.api),
    merchantUrl: httpUrl('--merchant-url', values['merchant-url']),
    username: values.username,
    password: values.password,
    reporters,
  };
}
