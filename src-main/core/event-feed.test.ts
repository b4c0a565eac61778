import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventBus } from './events';
import { eventFeed, type FeedBatch } from './event-feed';

const turn = () => new Promise((r) => setImmediate(r));
const recorded = (i: number) => ({ id: `ex_${i}`, order_id: `o-${i}`, kind: 'push' });

describe('eventFeed', () => {
  let bus: EventBus;
  let sent: FeedBatch[];
  let stop: () => void;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    bus = new EventBus();
    sent = [];
    stop = eventFeed(bus, (b) => sent.push(b), { windowMs: 100, cap: 3 });
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('hands over what a turn of the event loop emitted as one batch, in order', async () => {
    bus.emit('exchange.recorded', recorded(1));
    bus.emit('exchanges.cleared', { cleared: 1 });
    bus.emit('exchange.recorded', recorded(2));
    expect(sent).toEqual([]);
    await turn();
    expect(sent).toEqual([
      [
        ['exchange.recorded', recorded(1)],
        ['exchanges.cleared', { cleared: 1 }],
        ['exchange.recorded', recorded(2)],
      ],
    ]);
  });

  it('passes `cap` events of each name per window and names the rest when the window ends', async () => {
    for (let i = 0; i < 10; i++) bus.emit('exchange.recorded', recorded(i));
    for (let i = 0; i < 5; i++) bus.emit('exchanges.cleared', { cleared: i });
    bus.emit('order.created', { order_id: 'o' } as never);
    await turn();
    expect(sent.flat().map(([n]) => n)).toEqual([
      ...Array(3).fill('exchange.recorded'),
      ...Array(3).fill('exchanges.cleared'),
      'order.created',
    ]);
    expect(sent.flat()[2]).toEqual(['exchange.recorded', recorded(2)]);
    await vi.advanceTimersByTimeAsync(99);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await turn();
    expect(sent[1]).toEqual([
      ['events.skipped', { names: ['exchange.recorded', 'exchanges.cleared'], count: 9 }],
    ]);
  });

  it('starts each window afresh, and says nothing of a window that skipped nothing', async () => {
    for (let i = 0; i < 3; i++) bus.emit('exchange.recorded', recorded(i));
    await vi.advanceTimersByTimeAsync(100);
    for (let i = 3; i < 6; i++) bus.emit('exchange.recorded', recorded(i));
    await turn();
    expect(sent.flat()).toHaveLength(6);
    expect(sent.flat().some(([n]) => n === 'events.skipped')).toBe(false);
  });

  it('stops: nothing more is sent, not even what a pending turn or window held', async () => {
    for (let i = 0; i < 5; i++) bus.emit('exchange.recorded', recorded(i));
    stop();
    bus.emit('exchange.recorded', recorded(9));
    await vi.advanceTimersByTimeAsync(200);
    await turn();
    expect(sent).toEqual([]);
  });
});
