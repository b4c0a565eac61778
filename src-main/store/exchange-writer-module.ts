import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Where the writer thread's module is when the code runs from its TypeScript sources (vitest), where
 * nothing is built beside it: vitest's global setup (vitest.global-setup.mts) builds it and names the
 * file here.
 */
export const WRITER_MODULE_ENV = 'CHECKOUT_SIM_EXCHANGE_WRITER';

/**
 * The exchange log writer thread's built module (exchange-writer-worker.ts): beside this code once
 * bundled (electron-vite builds it as an entry of its own, out/main/exchange-writer-worker.js, next to
 * the chunk holding this code), else the file WRITER_MODULE_ENV names. The built app never reads the
 * variable, so a test that starts the built CLI runs the CLI's own writer.
 */
export function exchangeWriterModule(): URL {
  const beside = new URL('./exchange-writer-worker.js', import.meta.url);
  if (existsSync(beside)) return beside;
  const built = process.env[WRITER_MODULE_ENV];
  if (built && existsSync(built)) return pathToFileURL(built);
  throw new Error(
    `The exchange log's writer module is not built: neither ${fileURLToPath(beside)} nor ` +
      `${WRITER_MODULE_ENV}${built ? ` (${built})` : ''} names one. Run \`npm run build\`, or run the ` +
      'tests through vitest.config.mts, whose global setup builds it.',
  );
}
