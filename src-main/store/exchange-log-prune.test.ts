import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb, type Db } from './db';
import type { ExchangeEntry } from './exchange-doc';
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
