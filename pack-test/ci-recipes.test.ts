// Issue #33 point 5: the QA guide's CI recipes, run against the packed tarball in a project that has it as a
// devDependency (each recipe's `npm ci` installs it, compiling better-sqlite3: minutes, not seconds).
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { run } from './project';
import { recipe, runGithub, runGitlab, uploaded, type RecipeRun } from './recipes';

const REPO = join(import.meta.dirname, '..');
const tarball = inject('tarball');

/** A merchant's repository: the package as a devDependency (locked), its own `npm test`, a scenario file. */
async function merchantRepo(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'checkout-sim-ci-'));
  const pkg = {
    name: 'merchant-shop',
    private: true,
    scripts: { test: 'node --test' },
    devDependencies: { 'checkout-simulator': `file:${tarball}` },
  };
  writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg, null, 2));
  mkdirSync(join(dir, 'test'));
  // The merchant's own test: it reaches the simulator the recipe started, by the address it was given.
  writeFileSync(
    join(dir, 'test', 'simulator.test.js'),
    `const { test } = require('node:test');
const assert = require('node:assert/strict');
const { testHelpers } = require('checkout-simulator/testing');
test('the simulator started by CI answers', async () => {
  const clock = await testHelpers({ api: process.env.CHECKOUT_SIM_API }).clocks.create({ name: 'ci' });
  assert.equal(clock.name, 'ci');
});
`,
  );
  mkdirSync(join(dir, 'scenarios'));
  cpSync(join(REPO, 'scenarios', 'push-acknowledged.yaml'), join(dir, 'scenarios', 'push-acknowledged.yaml'));
  const lock = await run(
    'npm',
    ['install', '--package-lock-only', '--prefer-offline', '--no-audit', '--no-fund'],
    dir,
  );
  if (lock.code !== 0) throw new Error(`npm install --package-lock-only failed:\n${lock.stderr}`);
  return dir;
}

/** Every shell step succeeded, the reports it uploads are there, and the simulator it started is gone. */
async function expectRecipeWorked(dir: string, done: RecipeRun): Promise<void> {
  for (const { name, ran } of done.steps) expect(ran.code, `${name}:\n${ran.stdout}\n${ran.stderr}`).toBe(0);
  expect(done.uploads.length).toBeGreaterThan(0);
  for (const path of done.uploads) expect(uploaded(dir, path), path).not.toEqual([]);
  expect(readFileSync(join(dir, 'reports', 'scenarios.xml'), 'utf8')).toMatch(/<testsuite[^>]* failures="0"/);
  expect(readFileSync(join(dir, 'reports', 'scenarios.html'), 'utf8')).toContain('<html');
  const { api } = JSON.parse(readFileSync(join(dir, 'sim-ready.json'), 'utf8')) as { api: string };
  await expect
    .poll(
      () =>
        fetch(api).then(
          () => 'answering',
          () => 'gone',
        ),
      { timeout: 15_000 },
    )
    .toBe('gone');
}

describe('the QA guide CI recipes, run as written against the packed package', () => {
  it(
    'GitHub Actions: install, serve in the background, wait for the ready line, run the suite, upload the reports',
    async () => {
      const dir = await merchantRepo();
      await expectRecipeWorked(dir, await runGithub(recipe('.github/workflows/checkout-tests.yml'), dir));
    },
    25 * 60_000,
  );

  it(
    'GitLab CI: the same in one script, the simulator stopped in after_script',
    async () => {
      const dir = await merchantRepo();
      await expectRecipeWorked(dir, await runGitlab(recipe('.gitlab-ci.yml'), dir));
    },
    25 * 60_000,
  );
});
