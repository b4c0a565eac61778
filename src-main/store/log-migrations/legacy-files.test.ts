import { afterEach, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { openDb } from '../db';
import { listExchanges } from '../exchanges.repo';
import { getCheckoutOrderDoc } from '../checkout-orders.repo';
import { FIXTURE_EXCHANGES, ODD_ORDER_ID } from '../test-kit/log-fixtures/fixture-exchanges';
import { fixtureFolder } from '../test-kit/log-fixtures/fixture-folder';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('a data folder whose log the code of an earlier layout made', () => {
  it.each([1, 2, 3] as const)('at layout %i opens and reads back every exchange', (layout) => {
    const file = fixtureFolder(layout);
    dirs.push(dirname(file));
    const db = openDb(file);
    expect(listExchanges(db, { limit: 100, ascending: true })).toEqual(FIXTURE_EXCHANGES);
    expect(listExchanges(db, { limit: 100 })).toEqual([...FIXTURE_EXCHANGES].reverse());
    expect(listExchanges(db, { orderId: 'o-1', limit: 100, ascending: true }).map((e) => e.id)).toEqual([
      'ex-1',
      'ex-2',
      'ex-3',
      'ex-6',
    ]);
    expect(listExchanges(db, { orderId: ODD_ORDER_ID, limit: 100 }).map((e) => e.id)).toEqual(['ex-5']);
    expect(getCheckoutOrderDoc(db, 'o-1')).toBe('{"order_id":"o-1"}');
    db.close();
    // Opening it again changes nothing.
    const again = openDb(file);
    expect(listExchanges(again, { limit: 100, ascending: true })).toEqual(FIXTURE_EXCHANGES);
    again.close();
  });
});
