import { afterEach, describe, expect, it, vi } from 'vitest';
import { startedByNpm, watchParent } from './parent-watch';

afterEach(() => vi.useRealTimers());

describe('watchParent', () => {
  it('calls back once when the parent changes, not before', () => {
    vi.useFakeTimers();
    let ppid = 100;
    const gone = vi.fn();
    watchParent(gone, { intervalMs: 50, parentPid: () => ppid });
    vi.advanceTimersByTime(500);
    expect(gone).not.toHaveBeenCalled();
    ppid = 1;
    vi.advanceTimersByTime(50);
    expect(gone).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(500);
    expect(gone).toHaveBeenCalledTimes(1);
  });

  it('stops watching when asked', () => {
    vi.useFakeTimers();
    let ppid = 100;
    const gone = vi.fn();
    const stop = watchParent(gone, { intervalMs: 50, parentPid: () => ppid });
    stop();
    ppid = 1;
    vi.advanceTimersByTime(500);
    expect(gone).not.toHaveBeenCalled();
  });
});

describe('startedByNpm', () => {
  it('reads npm_lifecycle_event', () => {
    expect(startedByNpm({ npm_lifecycle_event: 'serve' })).toBe(true);
    expect(startedByNpm({})).toBe(false);
    expect(startedByNpm({ npm_lifecycle_event: '' })).toBe(false);
  });
});
