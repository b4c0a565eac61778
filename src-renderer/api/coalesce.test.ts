import { describe, expect, it } from 'vitest';
import { coalesce, type TimerFns } from './coalesce';

/** Timers the test fires by hand. */
function fakeTimers() {
  const queue: Array<{ cb: () => void; id: number }> = [];
  let next = 1;
  const fns: TimerFns = {
    setTimeout: (cb) => {
      const id = next++;
      queue.push({ cb, id });
      return id;
    },
    clearTimeout: (id) => {
      const i = queue.findIndex((t) => t.id === id);
      if (i >= 0) queue.splice(i, 1);
    },
  };
  return { fns, pending: () => queue.length, tick: () => queue.shift()?.cb() };
}

describe('coalesce', () => {
  it('hands the first item over at once, then gathers a burst into one set per interval', () => {
    const t = fakeTimers();
    const flushed: string[][] = [];
    const c = coalesce<string>((items) => flushed.push([...items]), 300, t.fns);
    c.add('a');
    expect(flushed).toEqual([['a']]);
    for (let i = 0; i < 1000; i++) c.add(i % 2 === 0 ? 'b' : 'c');
    expect(flushed).toHaveLength(1);
    t.tick();
    expect(flushed).toEqual([['a'], ['b', 'c']]);
    // The interval that follows ends with nothing waiting: the coalescer goes idle.
    t.tick();
    expect(t.pending()).toBe(0);
    c.add('d');
    expect(flushed[2]).toEqual(['d']);
  });

  it('drops what waits when disposed', () => {
    const t = fakeTimers();
    const flushed: number[][] = [];
    const c = coalesce<number>((items) => flushed.push([...items]), 300, t.fns);
    c.add(1);
    c.add(2);
    c.dispose();
    expect(t.pending()).toBe(0);
    expect(flushed).toEqual([[1]]);
  });
});
