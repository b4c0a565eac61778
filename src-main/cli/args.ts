import { parseAnswerPath, type AnswerPath } from '@shared/rules/compare-path';
import { HTTP_SERVER_KINDS, type HttpServerKind } from '@shared/schemas/config.schema';
import type { ReporterSpec } from '../scenario-runner/reporters/write-reports';
import type { DocumentName } from '../http/openapi/document';
import {
  parseOptions,
  parseReporters,
  REPORTER_OPTION,
  SIMULATOR_OPTIONS,
  simulatorTarget,
  UsageError,
} from './options';

export { httpUrl, UsageError } from './options';

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

/** The files of `checkout-sim validate`: at least one, no options. */
export function parseValidateArgs(argv: string[]): string[] {
  const options = argv.filter((a) => a.startsWith('-'));
  if (options.length) throw new UsageError(`validate takes no options, got '${options[0]}'`);
  if (argv.length === 0) throw new UsageError('validate needs at least one scenario file');
  return argv;
}

export function parseServeArgs(argv: string[]): ServeArgs {
  const { values } = parseOptions({
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
  });
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
  /** Which listener's document: the provider APIs' unless a flag names another. */
  document: DocumentName;
}

/** The options of `checkout-sim openapi`: at most one flag naming a listener; anything else is a usage error. */
export function parseOpenApiArgs(argv: string[]): OpenApiArgs {
  const flag = { type: 'boolean', default: false } as const;
  const { values } = parseOptions({
    args: argv,
    options: { integrator: flag, control: flag, checkout: flag },
    strict: true,
    allowPositionals: false,
  });
  const named = (['integrator', 'control', 'checkout'] as const).filter((f) => values[f]);
  if (named.length > 1)
    throw new UsageError(`openapi prints one document: give one of ${named.map((f) => `--${f}`).join(', ')}`);
  return { document: named[0] ?? 'provider' };
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

/** The options of `checkout-sim run`: files, where the simulator and the merchant are, reporters. */
export function parseRunArgs(argv: string[]): RunArgs {
  const { values, positionals } = parseOptions({
    args: argv,
    options: {
      ...SIMULATOR_OPTIONS,
      ...REPORTER_OPTION,
      parallel: { type: 'string' },
      compare: { type: 'string' },
      ignore: { type: 'string', multiple: true, default: [] },
    },
    strict: true,
    allowPositionals: true,
  });
  if (positionals.length === 0) throw new UsageError('run needs at least one scenario file');
  const reporters = parseReporters(values.reporter);
  const target = simulatorTarget(values);
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
    ...target,
    reporters,
  };
}
