/*
 * The settings the Electron shell takes from its command line (`npm start -- --port … --data-dir …` passes
 * them through). Pure and free of any `electron` import, so it is tested under plain Node; the port rule
 * and the config file are shared with `serve` (portsFor in shared/, loadConfig in core/).
 */

export interface ShellArgs {
  /** Overrides Electron's userData folder (tests use a fresh one each). */
  dataDir?: string;
  /** A JSON config file, the same format `checkout-sim serve --config` reads. */
  configFile?: string;
  host?: string;
  /** As with `serve`: the API port N, the console N+1 … the sample shop N+4; 0 picks free ports. */
  port?: number;
  /** As with `serve`: a failed start also prints the trace behind its one-line reason. */
  verbose?: boolean;
}

const FLAGS = {
  '--data-dir': 'dataDir',
  '--config': 'configFile',
  '--host': 'host',
  '--port': 'port',
} as const;

/**
 * Picks `serve`'s flags (`--data-dir`, `--config`, `--host`, `--port`, as `--x value` or `--x=value`, and
 * `--verbose`) out
 * of the process arguments, so `npm start -- …` means the same in both modes. Other arguments (Electron's
 * and Chromium's switches, the app path, `--quiet`) are ignored rather than rejected.
 */
export function parseShellArgs(argv: readonly string[]): ShellArgs {
  const out: ShellArgs = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const eq = arg.indexOf('=');
    const flag = eq === -1 ? arg : arg.slice(0, eq);
    if (arg === '--verbose') out.verbose = true;
    if (!Object.hasOwn(FLAGS, flag)) continue;
    const value = eq === -1 ? argv[++i] : arg.slice(eq + 1);
    if (!value || value.startsWith('--')) throw new Error(`${flag} needs a value`);
    const key = FLAGS[flag as keyof typeof FLAGS];
    if (key !== 'port') {
      out[key] = value;
      continue;
    }
    const port = Number(value);
    if (!Number.isInteger(port) || port < 0 || port > 65531) {
      throw new Error(`--port must be an integer from 0 to 65531 (it uses N to N+4), got '${value}'`);
    }
    out.port = port;
  }
  return out;
}
