import { parseArgs, type ParseArgsConfig } from 'node:util';
import { REPORTER_KINDS, type ReporterSpec } from '../scenario-runner/reporters/write-reports';

/*
 * What the commands' option parsers share: node:util's parser with its complaints as usage errors, the
 * options naming a running simulator (`run` and `explore` drive one), and `--reporter KIND=FILE`.
 */

/** Bad options: the command's usage follows the message, and the exit code is 2. */
export class UsageError extends Error {}

/** node:util's `parseArgs`, its complaint (an unknown option, a missing value) thrown as a UsageError. */
export function parseOptions<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

/** A URL option: http(s) only, its trailing slashes taken off; a UsageError naming the flag otherwise. */
export const httpUrl = (flag: string, v: string | undefined): string | undefined => {
  if (v === undefined) return undefined;
  if (!URL.canParse(v) || !/^https?:$/.test(new URL(v).protocol))
    throw new UsageError(`${flag} must be an http:// or https:// URL, got '${v}'`);
  return v.replace(/\/+$/, '');
};

/** The options naming a running simulator to drive, and the merchant server it calls. */
export const SIMULATOR_OPTIONS = {
  api: { type: 'string' },
  'merchant-url': { type: 'string' },
  username: { type: 'string' },
  password: { type: 'string' },
} as const;

export interface SimulatorTarget {
  api?: string;
  merchantUrl?: string;
  username?: string;
  password?: string;
}

/** SIMULATOR_OPTIONS' values checked: credentials only with --api (a started simulator has its own). */
export function simulatorTarget(v: {
  api?: string;
  'merchant-url'?: string;
  username?: string;
  password?: string;
}): SimulatorTarget {
  if ((v.username !== undefined || v.password !== undefined) && v.api === undefined)
    throw new UsageError(
      '--username and --password go with --api (a started simulator uses merchant / secret)',
    );
  return {
    api: httpUrl('--api', v.api),
    merchantUrl: httpUrl('--merchant-url', v['merchant-url']),
    username: v.username,
    password: v.password,
  };
}

/** `--reporter KIND=FILE`, as many as given. */
export const REPORTER_OPTION = {
  reporter: { type: 'string' as const, multiple: true as const, default: [] as string[] },
};

/** The --reporter values as reporters to write; a UsageError for one that is not KIND=FILE. */
export function parseReporters(values: readonly string[]): ReporterSpec[] {
  return values.map((r): ReporterSpec => {
    const i = r.indexOf('=');
    const kind = r.slice(0, i);
    if (i <= 0 || i === r.length - 1 || !(REPORTER_KINDS as readonly string[]).includes(kind))
      throw new UsageError(`--reporter must be junit=FILE, html=FILE or json=FILE, got '${r}'`);
    return { kind: kind as ReporterSpec['kind'], file: r.slice(i + 1) };
  });
}
