import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Client } from '@shared/schemas/elements.schema';
import { tempCore } from '../../test-kit/temp-core';

let env: ReturnType<typeof tempCore>;
beforeEach(() => {
  env = tempCore();
});
afterEach(() => env.dispose());
const invoke = (op: string, input?: unknown) => env.core.control.invoke(op, input) as Promise<Client>;

describe('elements control operations', () => {
  it('creates, edits, lists and deletes clients as the configured merchant, emitting changes', async () => {
    const changes: string[] = [];
    env.core.events.on('elements.client.changed', (e) => changes.push(e.change));
    const c = await invoke('elements.client.create', { body: { name: 'Shop' } });
    expect(c.merchant_id).toBe('merchant');
    await invoke('elements.client.update', { client_id: c.id, body: { name: 'Shop 2' } });
    const ex = { payment_methods: [{ method: 'card', provider: 'acme' }] };
    const withExpress = await invoke('elements.client.setExpress', { client_id: c.id, express_config: ex });
    expect(withExpress.placements).toEqual([{ key: 'express', content: [], express_config: ex }]);
    const patched = await invoke('elements.client.setExpress', {
      client_id: c.id,
      placement_key: 'express',
      express_config: { push_url: 'https://a.example/push' },
      patch: true,
    });
    expect(patched.placements[0]!.express_config).toEqual({ ...ex, push_url: 'https://a.example/push' });
    await invoke('elements.client.setOrigins', { client_id: c.id, allowed_origins: ['https://a.example'] });
    const added = await invoke('elements.client.setOrigins', {
      client_id: c.id,
      allowed_origins: ['https://a.example', 'https://b.example'],
      mode: 'add',
    });
    expect(added.allowed_origins).toEqual(['https://a.example', 'https://b.example']);
    expect(await invoke('elements.clients.list')).toEqual([added]);
    expect(await invoke('elements.client.get', { client_id: c.id })).toEqual(added);
    expect(await invoke('elements.client.delete', { client_id: c.id })).toEqual({ deleted: true });
    expect(await invoke('elements.client.get', { client_id: c.id })).toBeNull();
    expect(changes).toEqual(['created', 'updated', 'updated', 'updated', 'updated', 'updated', 'deleted']);
  });

  it('refuses bad input with the API codes and field problems', async () => {
    await expect(invoke('elements.client.create', { body: { name: '' } })).rejects.toMatchObject({
      code: 'ARGUMENT_NOT_VALID',
      problems: [expect.objectContaining({ path: 'name' })],
    });
    const c = await invoke('elements.client.create', { body: { name: 'Shop' } });
    await expect(
      invoke('elements.client.setOrigins', { client_id: c.id, allowed_origins: ['https://a.example/'] }),
    ).rejects.toMatchObject({ code: 'ORIGIN_NOT_ALLOWED' });
    await expect(invoke('elements.client.delete', { client_id: 'nope' })).rejects.toMatchObject({
      code: 'CLIENT_NOT_FOUND',
    });
  });
});
