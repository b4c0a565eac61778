import { INTEGRATOR_MEDIA_TYPES } from '@shared/schemas/integrator.schema';
import type { Core } from '../../core/create-core';
import { authBody } from '../../core/test-kit/integrator-fixtures';
import type { App } from '../app';
import type { HttpRequest, HttpResponse } from '../router';

/** Builds socket-free requests to the fake integrator app, as the shipping assistant sends them. */
export function integratorClient(app: App, core: Core) {
  let token = '';
  const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const text = body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body);
    const req: HttpRequest = {
      method,
      path,
      search: '',
      headers: {
        host: 'integrator.test',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: text === null ? null : Buffer.from(text),
    };
    return app.handle(req);
  };
  const typed = (type: string) => ({ 'content-type': type });
  return {
    send,
    async auth(): Promise<string> {
      const { identifier, key } = core.integrator.credentials();
      const r = await send('POST', '/auth', authBody(identifier, key), typed(INTEGRATOR_MEDIA_TYPES.auth));
      token = (JSON.parse(r.body ?? '{}') as { token?: string }).token ?? '';
      return token;
    },
    setToken(t: string) {
      token = t;
    },
    options: (body: unknown, headers = typed(INTEGRATOR_MEDIA_TYPES.options)) =>
      send('POST', '/shippingoptions', body, headers),
    create: (body: unknown) => send('POST', '/shipment', body, typed(INTEGRATOR_MEDIA_TYPES.shipment)),
    update: (id: string, body: unknown) =>
      send('PUT', `/shipment/${id}`, body, typed(INTEGRATOR_MEDIA_TYPES.shipment)),
    read: (id: string) => send('GET', `/shipment/${id}`),
  };
}

export const bodyOf = (r: HttpResponse) => JSON.parse(r.body ?? 'null');
