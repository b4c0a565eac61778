import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildPlan, RUNTIME_OUTPUTS } from './ensure-built.mjs';

const REPO = join(import.meta.dirname, '..');
const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function touch(root: string, rel: string, at?: Date): void {
  const file = join(root, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, '');
  if (at) utimesSync(file, at, at);
}

/** A folder laid out as npm installs the package: the bin, out/ built, no sources. */
function installedCopy(): string {
  const root = mkdtempSync(join(tmpdir(), 'ensure-built-'));
  made.push(root);
  cpSync(join(REPO, 'bin'), join(root, 'bin'), { recursive: true });
  cpSync(join(REPO, 'scripts/ensure-built.mjs'), join(root, 'scripts/ensure-built.mjs'));
  cpSync(join(REPO, 'package.json'), join(root, 'package.json'));
  // npm gives every file of a tarball the same date in 1985: older than anything.
  for (const rel of RUNTIME_OUTPUTS) touch(root, rel, new Date('1985-10-26T08:15:00Z'));
  return root;
}

const bin = (root: string, ...args: string[]) =>
  spawnSync(process.execPath, [join(root, 'bin/checkout-sim.mjs'), ...args], { encoding: 'utf8' });

describe('ensure-built: a clone builds, an installed package never does', () => {
  it('runs an installed package whose out/ is older than everything (times are never compared there)', () => {
    const root = installedCopy();
    touch(root, 'shop/server.mjs'); // a file newer than out/, as a source would be in a clone
    expect(buildPlan(root)).toEqual({ action: 'run' });
  });

  it('stops an installed package missing a built file with one line: broken, reinstall; it builds nothing', () => {
    const root = installedCopy();
    rmSync(join(root, 'out/main/cli.js'));
    const r = bin(root, 'serve', '--port', '0');
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(
      'checkout-sim: this installed package is broken: out/main/cli.js is missing (an installed package ' +
        'comes built and never builds). Reinstall it: npm install --save-dev checkout-simulator\n',
    );
    // --version answers even so, from package.json.
    const { version } = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string };
    expect(bin(root, '--version').stdout).toBe(`${version}\n`);
  });

  it('in a clone without its build tools, says to run npm ci; with them, builds what is missing or stale', () => {
    const root = installedCopy();
    touch(root, 'electron.vite.config.ts');
    touch(root, 'src-main/cli/main.ts');
    const plan = buildPlan(root);
    expect(plan).toMatchObject({ action: 'stop' });
    expect((plan as { message: string }).message).toBe(
      `this clone's out/ needs building and its build tools are not installed: run npm ci in ${root}, then try again`,
    );
    touch(root, 'node_modules/electron-vite/bin/electron-vite.js');
    expect(buildPlan(root)).toEqual({ action: 'build' });
  });
});
