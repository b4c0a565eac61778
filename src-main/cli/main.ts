import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inspect } from 'node:util';
import { scenarioJsonSchema } from '@shared/schemas/scenario.schema';
import {
  UsageError,
  parseOpenApiArgs,
  parseRunArgs,
  parseServeArgs,
  parseValidateArgs,
  type OpenApiArgs,
} from './args';
import { COMMAND_USAGE, USAGE, wantsHelp } from './usage';
import { EXIT } from './scenario-files';
import { validateCommand } from './validate';
import { CompareFileError } from './earlier-report';
import { MerchantUnreachable } from '../explore/merchant-unreachable';
import { StartupError } from '../boot/startup-error';
import { ConfigError } from '../core/config-file';
import { SimCallError } from '../scenario-runner/sim-api';
import { startedByNpm, watchParent } from './parent-watch';

// Each command's module is loaded when that command runs: `explore --api` and `run --api` need neither
// the simulator's store and servers (better-sqlite3, boot) nor node-forge nor the OpenAPI document, and
// loading them all cost every command about half a second of start-up (docs/benchmarks.md, explore).
const commands = {
  explore: () => import('./explore-cli'),
  run: () => import('./run'),
  serve: () => import('./serve'),
  ca: () => import('./ca'),
  export: () => import('./export'),
  openapi: () => import('../http/openapi/document'),
};

/** A built part of the app next to this bundle in out/ (out/renderer, out/checkout), if it is there. */
function builtDir(name: string, marker: string): string | null {
  const dir = join(dirname(fileURLToPath(import.meta.url)), '..', name);
  return existsSync(join(dir, marker)) ? dir : null;
}

/** Writes to stdout and waits until it is out (the process exits right after). */
function printOut(text: string): Promise<void> {
  return new Promise<void>((resolve, reject) =>
    process.stdout.write(text, (err) => (err ? reject(err) : resolve())),
  );
}

/** `checkout-sim openapi`: the document on stdout, written out in full before the process exits. */
async function printOpenApi(args: OpenApiArgs): Promise<number> {
  const { openApiDocument } = await commands.openapi();
  const doc = openApiDocument(args.document);
  await printOut(`${JSON.stringify(doc, null, 2)}\n`);
  return 0;
}

/** `serve --verbose`: a failed start prints the trace behind its one-line reason (reportFailure). */
let verbose = false;

/** The sample shop's module beside out/ (shop/server.mjs). */
const SHOP_MODULE = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'shop', 'server.mjs');

/** The command being run, so that a usage error prints that command's usage. */
let current: string | undefined;

async function main(argv: string[]): Promise<number> {
  const [command = 'serve', ...rest] = argv;
  if (command === '--help' || command === '-h' || command === 'help') {
    await printOut(`${USAGE}\n`);
    return 0;
  }
  current = Object.hasOwn(COMMAND_USAGE, command) ? command : undefined;
  if (current && wantsHelp(rest)) {
    await printOut(`${COMMAND_USAGE[current]}\n`);
    return 0;
  }
  if (command === 'validate') {
    const code = validateCommand(parseValidateArgs(rest), (line) => process.stdout.write(`${line}\n`));
    await printOut('');
    return code;
  }
  if (command === 'openapi') return printOpenApi(parseOpenApiArgs(rest));
  if (command === 'scenario-schema') {
    if (rest.length) throw new UsageError('scenario-schema takes no options');
    await printOut(`${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`);
    return 0;
  }
  if (command === 'run') {
    const args = parseRunArgs(rest);
    const { runCommand } = await commands.run();
    const { code } = await runCommand(args, {
      shopModule: SHOP_MODULE,
      write: (line) => process.stdout.write(`${line}\n`),
    });
    await printOut('');
    return code;
  }
  if (command === 'explore') {
    const { exploreCommand, parseExploreArgs, progressWriter } = await commands.explore();
    const code = await exploreCommand(parseExploreArgs(rest), {
      shopModule: SHOP_MODULE,
      write: (line) => process.stdout.write(`${line}\n`),
      progress: progressWriter(process.stderr),
    });
    await printOut('');
    return code;
  }
  if (command === 'export') {
    const { exportCommand, parseExportArgs } = await commands.export();
    return exportCommand(parseExportArgs(rest), {
      print: printOut,
      note: (line) => process.stderr.write(`${line}\n`),
    });
  }
  if (command === 'ca') {
    const { caCommand } = await commands.ca();
    const code = caCommand(rest, {
      print: (line) => process.stdout.write(`${line}\n`),
      note: (line) => process.stderr.write(`${line}\n`),
    });
    await printOut('');
    return code;
  }
  if (command !== 'serve') throw new UsageError(`unknown command '${command}'`);
  const args = parseServeArgs(rest);
  verbose = args.verbose;
  const dir = builtDir('renderer', 'index.html');
  if (!dir)
    process.stderr.write('[warn] the console is not built (run `npm run build`); serving the APIs only\n');
  const checkoutAssetsDir = builtDir('checkout', 'bootstrap.js');
  if (!checkoutAssetsDir)
    process.stderr.write(
      '[warn] the embedded checkout is not built (run `npm run build`): html_snippet will not load\n',
    );
  // Signal handlers go in before anything starts, so a signal during start-up still shuts down cleanly.
  const stopped = new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
    // `npm run serve &` then `kill $!`: the signal stops npm's script shell, not this process (parent-watch.ts).
    if (startedByNpm()) watchParent(() => resolve());
  });
  const { serve } = await commands.serve();
  const running = await serve(args, {
    rendererDir: dir,
    checkoutAssetsDir,
    shopModule: args.noShop ? null : SHOP_MODULE,
  });
  // The one line on stdout: scripts and tests wait for it.
  // Under --tls, `ca` is the local CA's certificate file (null with the user's own certificate).
  const ca = running.tls ? { ca: running.tls.caFile } : {};
  process.stdout.write(`${JSON.stringify({ event: 'ready', ...running.urls, http: running.http, ...ca })}\n`);
  await stopped;
  await running.stop();
  return 0;
}

/**
 * How a failure is told: a known one (usage, config, a start-up StartupError) as its one line; anything
 * else as its message. The trace only with `--verbose`, where the one line was not enough.
 */
function reportFailure(err: unknown): number {
  const say = (line: string) => process.stderr.write(`checkout-sim: ${line}\n`);
  if (err instanceof UsageError) {
    const usage = current ? COMMAND_USAGE[current] : USAGE;
    process.stderr.write(`checkout-sim: ${err.message}\n\n${usage}\n`);
    return EXIT.invalid;
  }
  if (err instanceof CompareFileError) {
    say(err.message);
    return EXIT.invalid;
  }
  // explore: nothing was explored, a usage problem (the merchant URL), not a finding.
  if (err instanceof MerchantUnreachable) {
    say(`${err.message} (--merchant-url)`);
    return EXIT.invalid;
  }
  if (err instanceof ConfigError || err instanceof SimCallError || err instanceof StartupError)
    say(err.message);
  else
    say(
      `${err instanceof Error ? err.message : String(err)}${verbose ? '' : ' (--verbose shows the trace)'}`,
    );
  // inspect() follows the `cause` chain, down to SQLite's or the OS's own error.
  if (verbose && !(err instanceof ConfigError)) process.stderr.write(`${inspect(err)}\n`);
  return EXIT.failed;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => process.exit(reportFailure(err)),
);
