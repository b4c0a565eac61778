import { afterEach, describe, expect, it } from 'vitest';
import { closeSync, openSync, readdirSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { sampleOrder } from '../test-kit/temp-core';
import { Spawned } from '../test-kit/built-cli';
import { refusal, startServe } from '../test-kit/serve-outcome';

// Real processes of the built CLI (`npm run build` first), on real files damaged the way disks and
// copies damage them.
const spawned = new Spawned('sim-damage-');
afterEach(() => spawned.cleanup());
const AUTH = { authorization: `Basic ${Buffer.from('merchant:secret').toString('base64')}` };

/** A data folder a simulator ran in and stopped cleanly, with an order (and its exchange) in it. */
async function usedFolder(): Promise<string> {
  const dir = spawned.tempDir();
  const { ready, proc } = await startServe(spawned, dir);
  const r = await fetch(`${ready!.api}/checkout/v3/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...AUTH },
    body: JSON.stringify(sampleOrder()),
  });
  expect(r.status).toBe(201);
  const exited = new Promise((res) => proc.once('exit', res));
  proc.kill('SIGTERM');
  await exited;
  return dir;
}

/**
 * Overwrites the root pages of the file's own tables (every one but `schema_migrations`) with garbage:
 * the header and the schema stay valid, so the file opens and migrates, and then every write fails.
 */
function garbleTables(file: string): void {
  const db = new Database(file, { readonly: true });
  const page = db.pragma('page_size', { simple: true }) as number;
  const roots = db
    .prepare("SELECT rootpage FROM sqlite_master WHERE rootpage > 0 AND name NOT LIKE '%schema_migrations%'")
    .pluck()
    .all() as number[];
  db.close();
  const fd = openSync(file, 'r+');
  for (const root of roots) writeSync(fd, Buffer.alloc(page, 0x5a), 0, page, (root - 1) * page);
  closeSync(fd);
}

describe('damage noticed at start', () => {
  it('moves a damaged but openable exchanges.db aside with a warning, and logs again', async () => {
    const dir = await usedFolder();
    garbleTables(join(dir, 'exchanges.db'));
    const { ready, stderr } = await startServe(spawned, dir);
    expect(ready).not.toBeNull();
    const moved = readdirSync(dir).find((f) => f.startsWith('exchanges.db.damaged-'));
    expect(moved).toBeDefined();
    expect(stderr).toContain(`[warn] The exchange log was damaged or unreadable`);
    expect(stderr).toContain(join(dir, moved!));
    const created = await fetch(`${ready!.api}/checkout/v3/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...AUTH },
      body: JSON.stringify(sampleOrder()),
    });
    const { order_id } = (await created.json()) as { order_id: string };
    const log = await fetch(`${ready!.api}/test_helpers/exchanges?order_id=${order_id}`, { headers: AUTH });
    expect(log.status).toBe(200);
    expect(JSON.stringify(await log.json())).toContain(order_id);
  });

  it('refuses a damaged simulator.db in one line and leaves it where and as it is', async () => {
    const dir = await usedFolder();
    const file = join(dir, 'simulator.db');
    garbleTables(file);
    const before = readFileSync(file);
    const line = refusal(await startServe(spawned, dir));
    expect(line).toMatch(/^checkout-sim: .*simulator\.db is damaged \(.+\); it holds your orders/);
    expect(line).toContain(file);
    expect(line).toContain('restore it from a backup');
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(readdirSync(dir).filter((f) => f.includes('damaged'))).toEqual([]);
  });

  it('refuses a simulator.db that is not a database, and --verbose adds the trace', async () => {
    const dir = spawned.tempDir();
    const file = join(dir, 'simulator.db');
    const fd = openSync(file, 'w');
    writeSync(fd, Buffer.alloc(8192, 0x42));
    closeSync(fd);
    expect(refusal(await startServe(spawned, dir))).toContain(`${file} is damaged (file is not a database)`);
    const verbose = await startServe(spawned, dir, ['--port', '0', '--verbose']);
    expect(verbose.code).toBe(1);
    expect(verbose.stderr).toMatch(/SqliteError: file is not a database\n\s+at /);
  });
});
