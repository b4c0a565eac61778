import { writeFileSync } from 'node:fs';
import { DEFAULT_CREDENTIALS } from '@shared/schemas/config.schema';
import { describeError, SimCallError, simApi } from '../scenario-runner/sim-api';
import { httpUrl, parseOptions, UsageError } from './options';

/** The options of `checkout-sim export`: the order, the simulator that saw it, where the file goes. */
export interface ExportArgs {
  orderId: string;
  api: string;
  username?: string;
  password?: string;
  /** The file to write; stdout when absent. */
  out?: string;
}

export function parseExportArgs(argv: string[]): ExportArgs {
  const { values, positionals } = parseOptions({
    args: argv,
    options: {
      api: { type: 'string' },
      username: { type: 'string' },
      user: { type: 'string' },
      password: { type: 'string' },
      out: { type: 'string' },
    },
    strict: true,
    allowPositionals: true,
  });
  if (positionals.length !== 1)
    throw new UsageError(
      positionals.length === 0
        ? 'export needs the order id'
        : `export takes one order id, got ${positionals.length}`,
    );
  const api = httpUrl('--api', values.api);
  if (!api) throw new UsageError('export needs --api URL: the simulator that saw the order');
  if (values.user !== undefined && values.username !== undefined)
    throw new UsageError('give --username or --user, not both');
  if (values.out === '') throw new UsageError('--out needs a file name');
  return {
    orderId: positionals[0]!,
    api,
    username: values.username ?? values.user,
    password: values.password,
    out: values.out,
  };
}

/** `checkout-sim export`: the file from GET /test_helpers/checkout/orders/{id}/scenario, to --out or stdout. */
export async function exportCommand(
  args: ExportArgs,
  io: { print: (text: string) => Promise<void>; note: (line: string) => void },
): Promise<number> {
  const sim = simApi({
    api: args.api,
    credentials: {
      username: args.username ?? DEFAULT_CREDENTIALS.username,
      password: args.password ?? DEFAULT_CREDENTIALS.password,
    },
  });
  const path = `/test_helpers/checkout/orders/${encodeURIComponent(args.orderId)}/scenario`;
  const r = await sim.call('GET', path);
  if (r.status !== 200 || typeof r.body !== 'string')
    throw new SimCallError(`GET ${path} answered ${r.status}: ${describeError(r.body)}`);
  if (args.out === undefined) {
    await io.print(r.body);
    return 0;
  }
  writeFileSync(args.out, r.body);
  io.note(`saved ${args.out}: run it with checkout-sim run ${args.out}`);
  return 0;
}
