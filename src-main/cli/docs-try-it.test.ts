import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI, readyLine, requireBuiltCli, ROOT, Spawned } from '../test-kit/built-cli';

// The documentation's shell blocks, pasted as they are (with the address and order id filled in), against
// the built simulator: the merchant guide's "Try it" create, and the QA guide's customer steps with the
// shipping assistant off and on.
const MERCHANT_GUIDE = 'docs/merchant-guide.md';
const QA_GUIDE = 'docs/qa-guide.md';
const DEFAULT_API = 'http://127.0.0.1:4700';

/** The ```sh block of a page (path from the repository's root) whose first line starts with `start`. */
function shBlock(page: string, start: string): string {
  const text = readFileSync(join(ROOT, page), 'utf8');
  const blocks = [...text.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
  const found = blocks.find((b) => b.startsWith(start));
  if (!found) throw new Error(`${page} has no sh block starting with ${start}`);
  return found;
}

const sh = (script: string) => execFileSync('sh', ['-c', script], { cwd: ROOT, encoding: 'utf8' });

const spawned = new Spawned('sim-readme-');
let api: string;
beforeAll(async () => {
  requireBuiltCli();
  const dir = spawned.tempDir();
  const proc: ChildProcess = spawned.spawn(
    process.execPath,
    [CLI, 'serve', '--port', '0', '--data-dir', dir, '--quiet', '--no-shop'],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  api = (await readyLine<{ api: string }>(proc)).ready.api;
});
afterAll(() => spawned.cleanup());

const auth = { authorization: `Basic ${Buffer.from('merchant:secret').toString('base64')}` };

/** Creates an order with the "Try it" block's first command, as pasted; returns its id. */
function createdOrderId(): string {
  const create = shBlock(MERCHANT_GUIDE, 'curl -si -u merchant:secret')
    .split('\n')[0]!
    .replace(DEFAULT_API, api);
  const out = sh(create);
  expect(out).toMatch(/^HTTP\/1\.1 201/);
  return /"order_id":"([^"]+)"/.exec(out)![1]!;
}

/** Runs the customer's block for a new order; returns the complete step's answer. */
function playCustomer(): { outcome: string } {
  const id = createdOrderId();
  const lines = shBlock(QA_GUIDE, 'A=http://127.0.0.1:4700; ID=<order_id>')
    .replace(DEFAULT_API, api)
    .replace('<order_id>', id)
    .trim()
    .split('\n');
  // The block as pasted, up to paying; then paying on its own, to read its answer (curl -s adds no newline).
  const pay = lines.findIndex((l) => l.endsWith('/complete'));
  expect(pay).toBeGreaterThan(0);
  sh(lines.slice(0, pay).join('\n'));
  return JSON.parse(sh([lines[0], lines[pay]].join('\n'))) as { outcome: string };
}

describe("the QA guide's customer steps", () => {
  it('complete the purchase with the shipping assistant off', () => {
    expect(playCustomer().outcome).toBe('completed');
  });

  it('complete the purchase with the shipping assistant on', async () => {
    const on = await fetch(`${api}/test_helpers/settings/shipping_assistant/built_in`, {
      method: 'POST',
      headers: auth,
    });
    expect(on.status).toBe(200);
    expect(playCustomer().outcome).toBe('completed');
  });
});
