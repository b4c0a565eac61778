import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { readJson, StubServer, type StubReply } from './stub-server';

/** The merchant's answer; Content-Type is application/json unless its headers say otherwise. */
export type StubAnswer = StubReply;

const JSON_TYPE = { 'content-type': 'application/json' };

export interface StubRequest {
  method: string;
  path: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: unknown;
}

/** An answer, or a promise of one (a merchant that calls the simulator back before answering). */
type Handler = (req: StubRequest) => StubAnswer | Promise<StubAnswer>;

/** A merchant's server on a real loopback socket: answers by path, and remembers what it was sent. */
export class MerchantStub extends StubServer {
  readonly requests: StubRequest[] = [];
  private handlers = new Map<string, Handler>();

  protected received(req: IncomingMessage, body: string, res: ServerResponse): void {
    const url = req.url ?? '/';
    const path = url.split('?')[0]!;
    const json = readJson(body);
    const r: StubRequest = { method: req.method ?? 'GET', path, url, headers: req.headers, body, json };
    this.requests.push(r);
    const handler = this.handlers.get(path) ?? (() => ({ status: 200, body: {} }));
    void Promise.resolve(handler(r)).then((answer) => this.reply(res, answer, JSON_TYPE));
  }

  /** Sets the answer for a path (a fixed answer or a function of the request). */
  on(path: string, answer: StubAnswer | Handler): this {
    this.handlers.set(path, typeof answer === 'function' ? answer : () => answer);
    return this;
  }

  url(path: string): string {
    return `${this.base}${path}`;
  }

  to(path: string): StubRequest[] {
    return this.requests.filter((r) => r.path === path);
  }
}
