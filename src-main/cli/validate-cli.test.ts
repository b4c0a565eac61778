import { afterEach, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, Spawned } from '../test-kit/built-cli';

// Runs the built CLI as a user would, so `npm run build` must have run (npm test does it first).
const spawned = new Spawned('sim-validate-');
afterEach(() => spawned.cleanup());
const cli = (args: string[], command?: string[]) => runCli(spawned, args, command);

const TYPO =
  'name: typo\nsteps:\n  - complete: { arival: push_only }\nexpect:\n  - push_attempts: { at_most: 1 }\n';

/** A scenario file with a typo in a fresh folder: the folder and the file's path. */
function typoFile(): { dir: string; typo: string } {
  const dir = spawned.tempDir();
  const typo = join(dir, 'typo.yaml');
  writeFileSync(typo, TYPO);
  return { dir, typo };
}

describe('checkout-sim validate', () => {
  it('checks files without running them: 0 when every one is valid', async () => {
    const { code, stdout } = await cli(['validate', 'scenarios']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^ok scenarios\/push-acknowledged\.yaml$/m);
    expect(stdout).toMatch(/^6 scenario files \(6 valid, 0 invalid\)$/m);
  });

  it('exits 2 when a file is invalid, naming each problem with its path', async () => {
    const { typo } = typoFile();
    const { code, stdout } = await cli(['validate', 'scenarios/push-acknowledged.yaml', typo]);
    expect(code).toBe(2);
    // The place beside the path, file:line:column, as editors open it.
    expect(stdout).toContain(
      `typo.yaml: steps[0].complete.arival (${typo}:3:17): not a known field (did you mean arrival?)`,
    );
    expect(stdout).toMatch(/^2 scenario files \(1 valid, 1 invalid\)$/m);
  });
});

describe('an empty scenario file', () => {
  it('says the file is empty and what a scenario file holds', async () => {
    const dir = spawned.tempDir();
    writeFileSync(join(dir, 'empty.yaml'), '');
    const { code, stdout } = await cli(['validate', join(dir, 'empty.yaml')]);
    expect(code).toBe(2);
    expect(stdout.split('\n')[0]).toBe(
      `INVALID ${join(dir, 'empty.yaml')}: the file is empty: a scenario file holds one YAML (or JSON) object with name, steps and expect (docs/scenarios.md)`,
    );
  });
});

describe('a folder with no scenario files (a wrong path in CI)', () => {
  it('fails validate and run with exit 2 naming the folder, never passing with nothing run', async () => {
    const dir = spawned.tempDir();
    writeFileSync(join(dir, 'notes.txt'), 'not a scenario');
    const said = `INVALID ${dir}: no scenario files in this folder (it stands for its .yaml, .yml and .json files)`;
    const validate = await cli(['validate', dir]);
    expect([validate.code, validate.stdout.split('\n')[0]]).toEqual([2, said]);
    const run = await cli(['run', dir]);
    expect([run.code, run.stdout.split('\n')[0]]).toEqual([2, said]);
    expect(run.stdout).toContain('nothing was run');
  });
});

describe('exit codes and --help', () => {
  it('run refuses an invalid file with exit 2 before starting anything, and runs nothing', async () => {
    const { dir, typo } = typoFile();
    const { code, stdout } = await cli([
      'run',
      'scenarios/push-acknowledged.yaml',
      typo,
      join(dir, 'missing.yaml'),
    ]);
    expect(code).toBe(2);
    expect(stdout).toMatch(
      /^INVALID .*typo\.yaml: steps\[0\]\.complete\.arival \(.*:3:17\): not a known field/m,
    );
    // One line naming the file, not Node's raw ENOENT.
    expect(stdout).toMatch(
      /^INVALID .*missing\.yaml: no such file or folder \(check the path; it is read from .+\)$/m,
    );
    expect(stdout).not.toContain('ENOENT');
    expect(stdout).toMatch(/^2 of 3 scenario files invalid: nothing was run$/m);
    expect(stdout).not.toMatch(/^(PASS|FAIL) /m);
  });

  it('bad options exit 2 with that command’s usage', async () => {
    for (const [args, usage] of [
      [['run'], 'checkout-sim run FILE…'],
      [['run', 'x.yaml', '--reporter', 'xml=a'], 'checkout-sim run FILE…'],
      [['validate'], 'checkout-sim validate FILE…'],
      [['validate', '--strict', 'x.yaml'], 'checkout-sim validate FILE…'],
      [['openapi', '--yaml'], 'checkout-sim openapi [--integrator | --control | --checkout]'],
      [['serve', '--port', 'x'], 'checkout-sim serve [--host H]'],
    ] as const) {
      const { code, stderr } = await cli([...args]);
      expect([args, code]).toEqual([args, 2]);
      expect(stderr).toContain(usage);
    }
  });

  it('--help on every command prints its usage and exits 0', async () => {
    for (const command of ['serve', 'run', 'validate', 'openapi', 'scenario-schema']) {
      const { code, stdout } = await cli([command, '--help']);
      expect([command, code]).toEqual([command, 0]);
      expect(stdout).toContain(`Usage: checkout-sim ${command}`);
      expect(stdout).not.toContain(`Usage: checkout-sim ${command === 'run' ? 'serve' : 'run'}`);
    }
    const all = await cli(['--help']);
    expect(all.stdout).toContain('Exit codes: 0 every expectation met; 1 one not met');
  });
});

describe('the checkout-sim command in a clone', () => {
  it('runs as `npx checkout-sim …`, as docs/scenarios.md writes it (package.json names the bin)', async () => {
    // --no: never download a package of that name; npx finds the project's own bin.
    const { code, stdout } = await cli(['validate', 'scenarios'], ['npx', '--no', 'checkout-sim']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^6 scenario files \(6 valid, 0 invalid\)$/m);
  }, 60_000);
});
