import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a stub answers: an object body is sent as JSON, a string as is, undefined sends none. */
export interface StubReply {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** Wait this long before answering (time-outs). */
  delayMs?: number;
}

/** A request's body as the test reads it: its text and, when it is JSON, the value. */
export function readJson<T = unknown>(text: string): T | undefined {
  try {
    return text ? (JSON.parse(text) as T) : undefined;
  } catch {
    return undefined; // Not JSON: tests read the text.
  }
}

/**
 * A server on a real loopback socket for the tests of what the simulator calls (a merchant, an
 * integrator): it reads each request whole, hands it to `received`, and sends the reply, after its delay.
 */
export abstract class StubServer {
  base = '';
  private readonly server: Server;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => this.received(req, Buffer.concat(chunks).toString('utf8'), res));
    });
  }

  /** Called with each request and its body; answers with `reply`. */
  protected abstract received(req: IncomingMessage, body: string, res: ServerResponse): void;

  /** Sends `answer` (Content-Type from `type` unless the answer's headers say otherwise). */
  protected reply(res: ServerResponse, answer: StubReply, type: Record<string, string>): void {
    const send = () => {
      const { body } = answer;
      res.writeHead(answer.status ?? 200, { ...type, ...answer.headers });
      res.end(body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (!answer.delayMs) return send();
    const t = setTimeout(() => (this.timers.delete(t), res.destroyed || send()), answer.delayMs);
    this.timers.add(t);
  }

  async start(): Promise<this> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }
}
