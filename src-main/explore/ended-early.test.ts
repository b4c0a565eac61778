import { describe, expect, it } from 'vitest';
import { EndedEarly } from './ended-early';

describe('EndedEarly', () => {
  it('counts runs by reason, order ids as {order_id}, the most common first with its first run', () => {
    const e = new EndedEarly();
    e.add(4, 'address: answered 404: order 0942a886-3ced-4445-84ae-73c199088108 was not found');
    e.add(2, 'pay answered 409: not now');
    e.add(1, 'address: answered 404: order 8C0EC31C-0969-4b55-b4dc-4b8ff085aba4 was not found');
    expect(e.count).toBe(3);
    expect(e.list()).toEqual([
      { reason: 'address: answered 404: order {order_id} was not found', runs: 2, run: 1 },
      { reason: 'pay answered 409: not now', runs: 1, run: 2 },
    ]);
  });

  it('keeps 19 reasons and the rest as one, so the runs still add up', () => {
    const e = new EndedEarly();
    for (let i = 0; i < 25; i++) e.add(i, `reason ${i}`);
    const list = e.list();
    expect(list).toHaveLength(20);
    expect(list[19]).toEqual({ reason: '6 other reasons', runs: 6, run: 19 });
    expect(list.reduce((n, r) => n + r.runs, 0)).toBe(e.count);
  });

  it('a copy each time: what the caller holds does not change under it', () => {
    const e = new EndedEarly();
    e.add(0, 'x');
    const first = e.list();
    e.add(1, 'x');
    expect(first[0]!.runs).toBe(1);
    expect(e.list()[0]!.runs).toBe(2);
  });
});
