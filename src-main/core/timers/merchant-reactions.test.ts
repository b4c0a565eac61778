import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MerchantReactions } from './merchant-reactions';

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Starts a wait and reports, as the fake time moves, whether it has ended and when. */
function watch(p: Promise<void>) {
  const w: { at: number | null } = { at: null };
  void p.then(() => (w.at = Date.now()));
  return w;
}

/** Moves the fake time to 1 ms before `at`, where the wait still stands, then to `at`, where it has ended. */
async function expectEndAt(w: { at: number | null }, at: number) {
  await vi.advanceTimersByTimeAsync(at - 1 - Date.now());
  expect(w.at).toBeNull();
  await vi.advanceTimersByTimeAsync(1);
  expect(w.at).toBe(at);
}

const reactions = () => new MerchantReactions(() => Date.now());

describe('MerchantReactions.quiet: how long an advance stands at an instant', () => {
  it('ends the quiet window after the last answer, not a fixed window after the instant', async () => {
    const r = reactions();
    await vi.advanceTimersByTimeAsync(400); // the instant's pushes took 400 ms to be answered
    r.answered('a');
    await expectEndAt(watch(r.quiet(new Set(['a']), 250)), 650);
  });

  it('does not wait at all for a merchant quiet since before the wait began', async () => {
    const r = reactions();
    r.answered('a'); // answered early in the instant; its last pushes took 300 ms more
    await vi.advanceTimersByTimeAsync(300);
    const w = watch(r.quiet(new Set(['a']), 250));
    await vi.advanceTimersByTimeAsync(0);
    expect(w.at).toBe(300);
  });

  it('waits for every merchant of the instant together: the window counts from the latest of them', async () => {
    const r = reactions();
    r.answered('a');
    await vi.advanceTimersByTimeAsync(100);
    r.answered('b');
    const w = watch(r.quiet(new Set(['a', 'b']), 250));
    await vi.advanceTimersByTimeAsync(1000);
    expect(w.at).toBe(350); // b's answer + 250, not a's + 250 then b's + 250
  });

  it('holds while a request of the merchant about a called order is in flight, then counts from its end', async () => {
    const r = reactions();
    r.answered('a');
    const w = watch(r.quiet(new Set(['a']), 250));
    await vi.advanceTimersByTimeAsync(200);
    const end = r.begin('a'); // the shop reads the order 200 ms after answering the push
    await vi.advanceTimersByTimeAsync(400);
    expect(w.at).toBeNull();
    end();
    await vi.advanceTimersByTimeAsync(250);
    expect(w.at).toBe(850);
  });

  it('is not held by requests about orders the instant did not call', async () => {
    const r = reactions();
    r.answered('a');
    r.begin('other'); // never ends
    const w = watch(r.quiet(new Set(['a']), 250));
    await vi.advanceTimersByTimeAsync(250);
    expect(w.at).toBe(250);
  });

  it('gives up at the cap: a merchant that never stops cannot hold the clock', async () => {
    const r = reactions();
    r.answered('a');
    r.begin('a');
    await expectEndAt(watch(r.quiet(new Set(['a']), 250, 10_000)), 10_000);
  });

  it('with a window of 0 ends as soon as nothing is in flight', async () => {
    const r = reactions();
    r.answered('a');
    const w = watch(r.quiet(new Set(['a']), 0));
    await vi.advanceTimersByTimeAsync(0);
    expect(w.at).toBe(0);
  });
});
