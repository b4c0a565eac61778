import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { controlEvents, IPC_EVENT, IPC_INVOKE, IPC_SUBSCRIBE } from '@shared/contract/control';
import { CHANNELS, EVENT_NAMES, isAllowedTopic } from './preload-allowlist';

describe('preload allowlist', () => {
  it('repeats the contract channel names exactly', () => {
    expect(CHANNELS).toEqual({ invoke: IPC_INVOKE, event: IPC_EVENT, subscribe: IPC_SUBSCRIBE });
  });

  it('lists exactly the contract events', () => {
    expect([...EVENT_NAMES].sort()).toEqual(Object.keys(controlEvents).sort());
  });

  it('accepts contract topics and nothing else', () => {
    for (const name of Object.keys(controlEvents)) expect(isAllowedTopic(name)).toBe(true);
    expect(isAllowedTopic('constructor')).toBe(false);
    expect(isAllowedTopic('__proto__')).toBe(false);
    expect(isAllowedTopic('order.deleted')).toBe(false);
    expect(isAllowedTopic(42)).toBe(false);
  });
});

describe('preload sources', () => {
  // A sandboxed preload can require only `electron` (and a few built-ins); electron-vite leaves packages
  // such as zod external, so a runtime import of the contract would break the window at load time.
  it.each(['preload.ts', 'preload-bridge.ts', 'preload-allowlist.ts'])(
    '%s imports at runtime only electron and preload modules',
    (file) => {
      const source = readFileSync(new URL(file, import.meta.url), 'utf8');
      const runtimeImports = [...source.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms)].map(
        (m) => m[1],
      );
      for (const spec of runtimeImports)
        expect(['electron', './preload-bridge', './preload-allowlist']).toContain(spec);
    },
  );
});
