import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb, type Db } from './db';
import type { ExchangeEntry } from './exchange-doc';
import { LogPruner, PRUNE_FROM, PRUNE_TO } from './exchange-log-prune';
import { startExchangeWriter } from './exchange-writer';
import { listExchanges } from './exchanges.repo';
import { logFileFor, prunedCount } from './log-db';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const MIB = 1024 * 1024;
const hashOf = (text: string) => createHash('sha1').update(text).digest('base64url');
/** A body every exchange repeats: after the first time it crosses to the writer as its hash alone. */
const SHARED = JSON.stringify({ order: 's'.repeat(3000) });
/**
 * A body of the first exchanges and the last: removed with them (no shape uses it then), and sent again
 * at the end, where the HTTP thread must send its text again, not its hash alone.
 */
const EARLY = JSON.stringify({ order: 'e'.repeat(3000) });
const responseOf = (i: number) => (i < 10 || i === 1999 ? EARLY : SHARED);

/** Exchange `i`: its own large request body, and the shared response body. */
const exchange = (i: number): ExchangeEntry => ({
  id: `ex_${i}`,
  order_id: `o-${i % 7}`,
  direction: 'in',
  kind: 'checkout.read',
  method: 'GET',
  url: `/x/${i}`,
  status: 200,
  duration_ms: 1,
  at: '2026-01-01T00:00:00.000Z',
  request: { headers: {}, body: `${i}:${'r'.repeat(4000)}` },
  response: { headers: {}, body: responseOf(i) },
  outcome: null,
  violations: [],
});

describe("the exchange log's size cap", () => {
  it('removes the oldest exchanges to stay near the cap, every one kept whole, and counts them', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sim-cap-'));
    const file = join(dir, 'simulator.db');
    const db: Db = openDb(file);
    const writer = startExchangeWriter(file);
    const told: number[] = [];
    writer.onPruned!((_count, total) => told.push(total));
    writer.setCap!(2 * MIB);
    // About 4 KB an exchange: 2,000 of them are about four times the cap.
    for (let i = 0; i < 2000; i++) {
      const e = exchange(i);
      writer.append(e, { response: hashOf(responseOf(i)) });
      if (i % 20 === 19) await writer.commit();
    }
    await writer.commit();
    await writer.close();

    const size = statSync(logFileFor(file)).size;
    expect(size).toBeGreaterThan(1.5 * MIB);
    // Near the cap, not under it: the file grows by whole transactions and keeps the pages of bodies that
    // wait to be collected (about 2.07 MiB here). When pruning starts is pinned by the LogPruner tests below.
    expect(size).toBeLessThan(2.2 * MIB);
    const all = listExchanges(db, { limit: 10_000, ascending: true });
    const pruned = prunedCount(db);
    expect(pruned).toBeGreaterThan(1000);
    expect(pruned + all.length).toBe(2000);
    expect(told.at(-1)).toBe(pruned);
    // The oldest went first: what is left is the newest, in order, each with both bodies.
    expect(all.map((e) => e.id)).toEqual(Array.from({ length: all.length }, (_, k) => `ex_${pruned + k}`));
    for (const e of all) {
      expect(e.request.body).toBe(exchange(Number(e.id.slice(3))).request.body);
      expect(e.response.body).toBe(responseOf(Number(e.id.slice(3))));
    }
    // The order index and the bodies hold nothing of what went.
    expect(listExchanges(db, { orderId: 'o-3', limit: 10_000 }).every((e) => e.order_id === 'o-3')).toBe(
      true,
    );
    const bodies = db.prepare('SELECT count(*) FROM log.exchange_bodies').pluck().get() as number;
    expect(bodies).toBeLessThanOrEqual(all.length + 2);
    expect(all.at(-1)!.response.body).toBe(EARLY);
    db.close();
  });
});

/** A log of `n` exchanges written with no cap (so none pruned), opened as the writer thread opens it. */
async function uncappedLog(n: number): Promise<Database.Database> {
  dir = mkdtempSync(join(tmpdir(), 'sim-prune-'));
  const file = join(dir, 'simulator.db');
  const db = openDb(file);
  const writer = startExchangeWriter(file);
  for (let i = 0; i < n; i++) {
    writer.append(exchange(i), { response: hashOf(responseOf(i)) });
    if (i % 10 === 9) await writer.commit();
  }
  await writer.commit();
  await writer.close();
  db.close();
  return new Database(logFileFor(file));
}

describe('LogPruner.prune: when and how far', () => {
  it('prunes past PRUNE_FROM of the cap, below the cap itself, down to about PRUNE_TO of it', async () => {
    const log = await uncappedLog(200);
    const pruner = new LogPruner(log);
    const used = pruner.usedBytes();
    expect(used).toBeGreaterThan(200 * 4000);
    // Just under the threshold: nothing goes.
    expect(pruner.prune(used / PRUNE_FROM + 4096)).toBe(0);
    expect(pruner.pruned()).toBe(0);
    // Over the threshold and still under the cap: the oldest go, about down to PRUNE_TO of the cap.
    const cap = used / ((PRUNE_FROM + 1) / 2);
    expect(used).toBeLessThan(cap);
    const removed = pruner.prune(cap);
    expect(removed).toBeGreaterThan(0);
    expect(pruner.pruned()).toBe(removed);
    const left = log.prepare('SELECT sum(json_array_length(entries)) FROM exchange_batches').pluck().get();
    expect(Number(left) + removed).toBe(200);
    // The bodies of what went are collected later (the writer's forget handshake): then the pages are free.
    expect(pruner.collectBodies()).toBeGreaterThan(0);
    expect(pruner.usedBytes()).toBeLessThan(cap * (PRUNE_TO + 0.05));
    expect(pruner.usedBytes()).toBeGreaterThan(cap * (PRUNE_TO - 0.1));
    log.close();
  });

  it('never removes the newest batch, and an empty log has nothing to prune', async () => {
    const log = await uncappedLog(20);
    const pruner = new LogPruner(log);
    const removed = pruner.prune(1);
    expect(removed).toBe(10);
    expect(pruner.prune(1)).toBe(0);
    log.exec('DELETE FROM exchange_order_batches; DELETE FROM exchange_batches');
    expect(pruner.prune(1)).toBe(0);
    log.close();
  });
});
