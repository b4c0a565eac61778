import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_PORTS } from '@shared/schemas/config.schema';
import { withPortFallback } from './port-fallback';

describe('withPortFallback', () => {
  const inUse = Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' });
  it('uses the wanted ports when free', async () => {
    const start = vi.fn(async (p: unknown) => p);
    const ports = { api: 1, console: 2, integrator: 3, checkout: 4, shop: 5 };
    await expect(withPortFallback(start, ports)).resolves.toEqual(ports);
    expect(start).toHaveBeenCalledOnce();
  });
  it('falls back to free ports when one is taken, and says so', async () => {
    const start = vi.fn().mockRejectedValueOnce(inUse).mockResolvedValueOnce('second');
    const onFallback = vi.fn();
    await expect(withPortFallback(start, DEFAULT_PORTS, onFallback)).resolves.toBe('second');
    expect(start).toHaveBeenLastCalledWith({ api: 0, console: 0, integrator: 0, checkout: 0, shop: 0 });
    expect(onFallback).toHaveBeenCalledWith(inUse);
  });
  it('does not hide other failures', async () => {
    const start = vi.fn().mockRejectedValue(new Error('EACCES'));
    await expect(withPortFallback(start, DEFAULT_PORTS)).rejects.toThrow('EACCES');
    expect(start).toHaveBeenCalledOnce();
  });
});
