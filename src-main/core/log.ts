/** Diagnostics go to stderr: stdout carries only the ready line, which scripts parse. */
export interface Logger {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string, err?: unknown): void;
}

export function stderrLogger(quiet = false): Logger {
  const w = (level: string, msg: string) => process.stderr.write(`[${level}] ${msg}\n`);
  return {
    info: (m) => !quiet && w('info', m),
    warn: (m) => w('warn', m),
    error: (m, e) => w('error', e instanceof Error ? `${m}: ${e.stack ?? e.message}` : m),
  };
}

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };
