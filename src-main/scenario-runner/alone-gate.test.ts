import { describe, expect, it } from 'vitest';
import { AloneGate } from './run-scenarios';

describe('AloneGate', () => {
  it('runs shared entries side by side and an alone one with nothing beside it', async () => {
    const gate = new AloneGate();
    const seen: string[] = [];
    let running = 0;
    let most = 0;
    const job = async (name: string, alone: boolean) => {
      await gate.enter(alone);
      running++;
      most = Math.max(most, running);
      seen.push(`${name}:${running}`);
      await new Promise((r) => setImmediate(r));
      running--;
      gate.leave(alone);
    };
    await Promise.all([job('a', false), job('b', false), job('settings', true), job('c', false)]);
    // a and b ran together; the alone one ran by itself; c waited for it.
    expect(seen).toEqual(['a:1', 'b:2', 'settings:1', 'c:1']);
    expect(most).toBe(2);
  });
});
