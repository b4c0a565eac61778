import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI, requireBuiltCli, Spawned } from '../test-kit/built-cli';
import { COMMAND_USAGE } from './usage';

// Each command loads its own module when it runs (cli/main.ts): `explore --api` is timed whole by
// `npm run bench -- explore`, and loading the simulator's store and servers, node-forge and the OpenAPI
// document it never uses cost every run of it about a fifth of a second of start-up CPU.
const spawned = new Spawned('sim-lazy-load-');
afterEach(() => spawned.cleanup());

/** The CommonJS packages the built CLI loaded for `args` (read from require.cache as it exits). */
async function packagesLoaded(args: string[]): Promise<{ code: number | null; packages: string[] }> {
  requireBuiltCli();
  const dir = spawned.tempDir();
  const hook = join(dir, 'loaded.cjs');
  const out = join(dir, 'loaded.json');
  writeFileSync(
    hook,
    `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify(Object.keys(require.cache))));`,
  );
  const proc = spawned.spawn(process.execPath, ['--require', hook, CLI, ...args], { stdio: 'ignore' });
  const code = await new Promise<number | null>((r) => proc.once('exit', r));
  const files = JSON.parse(readFileSync(out, 'utf8')) as string[];
  const packages = files.map((f) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(f)?.[1]).filter(Boolean);
  return { code, packages: [...new Set(packages as string[])] };
}

describe('the CLI loads what a command needs', () => {
  it('explore --api loads neither better-sqlite3 nor node-forge', async () => {
    // Nothing listens on port 1: the run stops at its first call, after every module it needs is loaded.
    const { code, packages } = await packagesLoaded([
      'explore',
      '--api',
      'http://127.0.0.1:1',
      '--runs',
      '1',
    ]);
    expect(code).toBe(1);
    expect(packages).toContain('yaml');
    expect(packages).not.toContain('better-sqlite3');
    expect(packages).not.toContain('node-forge');
  });

  it('ca still loads node-forge (what the hook sees is what was loaded)', async () => {
    const { code, packages } = await packagesLoaded(['ca', '--data-dir', spawned.tempDir()]);
    expect(code).toBe(0);
    expect(packages).toContain('node-forge');
  });

  it('the entry bundle holds no command: each is a chunk of its own, loaded when it runs', () => {
    requireBuiltCli();
    // A module that the usage text (read by every command) imported statically stayed in the entry
    // (the build's INEFFECTIVE_DYNAMIC_IMPORT): export.ts did, through its usage text.
    const entry = readFileSync(CLI, 'utf8');
    const commands = [
      'exportCommand',
      'exploreCommand',
      'runCommand',
      'caCommand',
      'openApiDocument',
      'serve',
    ];
    expect(commands.filter((name) => entry.includes(`function ${name}(`))).toEqual([]);
    expect(Object.keys(COMMAND_USAGE)).toContain('export');
  });
});
