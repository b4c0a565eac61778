import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubAnswer {
  status?: number;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string as is; undefined sends no body. */
  body?: unknown;
  /** Wait this long before answering (for timeouts). */
  delayMs?: number;
}

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
export class MerchantStub {
  readonly requests: StubRequest[] = [];
  private handlers = new Map<string, Handler>();
  private server: Server;
  private timers = new Set<NodeJS.Timeout>();
  base = '';

  constructor() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const url = req.url ?? '/';
        const path = url.split('?')[0]!;
        let json: unknown;
        try {
          json = body ? JSON.parse(body) : undefined;
        } catch {
          // Not JSON: tests read `body` instead.
        }
        const r: StubRequest = { method: req.method ?? 'GET', path, url, headers: req.headers, body, json };
        this.requests.push(r);
        const handler = this.handlers.get(path) ?? (() => ({ status: 200, body: {} }));
        void Promise.resolve(handler(r)).then((answer) => this.answer(res, answer));
      });
    });
  }

  private answer(res: ServerResponse, answer: StubAnswer): void {
    const send = () => {
      const payload =
        answer.body === undefined
          ? ''
          : typeof answer.body === 'string'
            ? answer.body
            : JSON.stringify(answer.body);
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
      res.end(payload);
    };
    if (answer.delayMs) {
      const t = setTimeout(() => {
        this.timers.delete(t);
        if (!res.destroyed) send();
      }, answer.delayMs);
      this.timers.add(t);
    } else send();
  }

  async start(): Promise<this> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
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

  async stop(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }
}
