import { connect as netConnect, isIP } from 'node:net';
import { connect as tlsConnect, type TLSSocket } from 'node:tls';
import type { WireCall, WireResult } from './wire-call';
import { Connection } from './wire-client-connection';
import type { Trust } from './tls/trust';

/** Kept-alive connections per origin (and per certificate check), idle ones reused newest first. */
class Pool {
  private readonly idle = new Map<string, Connection[]>();

  take(key: string): Connection | undefined {
    const list = this.idle.get(key);
    while (list && list.length > 0) {
      const c = list.pop()!;
      if (c.usable) return c;
    }
    return undefined;
  }

  park(key: string, c: Connection): void {
    let list = this.idle.get(key);
    if (!list) this.idle.set(key, (list = []));
    list.push(c);
  }

  forget(key: string, c: Connection): void {
    const list = this.idle.get(key);
    const i = list?.indexOf(c) ?? -1;
    if (i >= 0) list!.splice(i, 1);
  }
}

const pool = new Pool();

function open(url: URL, verify: boolean, key: string, trust: Trust | null): Connection {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const secure = url.protocol === 'https:';
  const port = Number(url.port) || (secure ? 443 : 80);
  if (!secure) {
    const socket = netConnect({ host, port });
    const conn = new Connection(socket, pool, key);
    socket.once('connect', () => conn.connected());
    return conn;
  }
  const socket = tlsConnect({
    host,
    port,
    servername: isIP(host) ? undefined : host,
    rejectUnauthorized: verify,
    ALPNProtocols: ['http/1.1'],
    ...(trust ? { ca: trust.ca as string[] } : {}),
  });
  const conn = new Connection(socket, pool, key);
  socket.once('secureConnect', () => {
    const tls = socket as TLSSocket;
    if (!tls.authorized) conn.untrusted = String(tls.authorizationError ?? 'not trusted');
    conn.connected();
  });
  return conn;
}

/**
 * Sends one call on a kept-alive connection for `key` (or a new one) and resolves with its result.
 * A kept-alive connection the server closed as the request went out (its idle time ran out with no
 * Keep-Alive hint to tell it): the request was never read, so it goes once more on a new connection,
 * as browsers do. A connection that answered anything, or a new one, is never retried.
 */
export function pooledCall(call: WireCall, key: string, trust: Trust | null): Promise<WireResult> {
  return new Promise((resolve) => {
    const reused = pool.take(key);
    if (!reused) return open(call.url, call.verify, key, trust).send(call, resolve);
    reused.send(call, (r) => {
      if (r.cutBeforeAnswer !== true) return resolve(r);
      open(call.url, call.verify, key, trust).send(call, resolve);
    });
  });
}
