import { afterEach, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { exchangeWriterModule, WRITER_MODULE_ENV } from './exchange-writer-module';

const built = process.env[WRITER_MODULE_ENV];
afterEach(() => {
  if (built === undefined) delete process.env[WRITER_MODULE_ENV];
  else process.env[WRITER_MODULE_ENV] = built;
});

describe("the writer thread's module", () => {
  it('is, from the sources, the one the global setup built (nothing is built beside them)', () => {
    expect(built).toBeDefined();
    expect(existsSync(fileURLToPath(new URL('./exchange-writer-worker.js', import.meta.url)))).toBe(false);
    expect(exchangeWriterModule()).toEqual(pathToFileURL(built!));
  });

  it('when built nowhere, stops the start with what to run', () => {
    delete process.env[WRITER_MODULE_ENV];
    expect(() => exchangeWriterModule()).toThrow(/not built: .*exchange-writer-worker\.js.*npm run build/);
    process.env[WRITER_MODULE_ENV] = '/nowhere/exchange-writer-worker.mjs';
    expect(() => exchangeWriterModule()).toThrow(/\(\/nowhere\/exchange-writer-worker\.mjs\)/);
  });
});
