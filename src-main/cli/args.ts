import { parseArgs } from 'node:util';
import { parseAnswerPath, type AnswerPath } from '@shared/rules/compare-path';
import { HTTP_SERVER_KINDS, type HttpServerKind } from '@shared/schemas/config.schema';
import { REPORTER_KINDS, type ReporterSpec } from '../scenario-runner/reporters/write-reports';

export interface ServeArgs {
  host?: string;
  port?: number;
  dataDir?: string;
  config?: string;
  /** Which server serves the provider API and the fake integrator. */
  http?: HttpServerKind;
  /** `--tls`: https listeners (with the local CA's certificate unless tlsCert/tlsKey are given). */
  tls: boolean;
  tlsCert?: string;
  tlsKey?: string;
  /** `--merchant-ca FILE`: the CA the merchant's https servers' certificates chain to. */
  merchantCa?: string;
  /** Without the sample shop beside the simulator. */
  noShop: boolean;
  quiet: boolean;
  /** A failed start prints the trace behind its one-line reason. */
  verbose: boolean;
}

/** Bad options: the command's usage follows the message, and the exit code is 2. */
export class UsageError extends Error {}

/** The files of `checkout-sim validate`: at least one, no options. */
export function parseValidateArgs(argv: string[]): string[] {
  const options = argv.filter((a) => a.startsWith('-'));
  if (options.length) throw new UsageError(`validate takes no options, got '${options[0]}'`);
  if (argv.length === 0) throw new UsageError('validate needs at least one scenario file');
  return argv;
}

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
        tls: { type: 'boolean', default: false },
        'tls-cert': { type: 'string' },
        'tls-key': { type: 'string' },
        'merchant-ca': { type: 'string' },
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
  if ((values['tls-cert'] === undefined) !== (values['tls-key'] === undefined))
    throw new UsageError('--tls-cert and --tls-key go together: give both, or neither to use the local CA');
  return {
    host: values.host,
    port,
    http: http as HttpServerKind | undefined,
    // A certificate given is a wish for https: --tls-cert alone (with its key) turns it on.
    tls: values.tls || values['tls-cert'] !== undefined,
    tlsCert: values['tls-cert'],
    tlsKey: values['tls-key'],
    merchantCa: values['merchant-ca'],
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
  /** An earlier run's JSON report to compare this run with. */
  compare?: string;
  /** Places in the merchant's answers not compared (`--ignore`, with --compare), as written and read. */
  ignore: { text: string; path: AnswerPath }[];
}

/** A URL option: http(s) only, its trailing slashes taken off; a UsageError naming the flag otherwise. */
export const httpUrl = (flag: string, v: string | undefined): string | undefined => {
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
        compare: { type: 'string' },
        ignore: { type: 'string', multiple: true, default: [] },
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
  if (values.ignore.length && values.compare === undefined)
    throw new UsageError('--ignore goes with --compare EARLIER.json');
  if (values.compare === '') throw new UsageError('--compare needs the file of an earlier JSON report');
  const ignore = values.ignore.map((text) => {
    const path = parseAnswerPath(text);
    if ('problem' in path) throw new UsageError(`--ignore ${text}: ${path.problem}`);
    return { text, path };
  });
  return {
    files: positionals,
    parallel,
    compare: values.compare,
    ignore,
    api: httpUrl('--api', values.api),
    merchantUrl: httpUrl('--merchant-url', values['merchant-url']),
    username: values.username,
    password: values.password,
    reporters,
  };
}
