// Helpers of the servers' socket tests (imported by *.test.ts files only): an app that echoes what it
// was given, a raw client, and a reader of the answers it got back.
import { connect } from 'node:net';
import type { HttpRequest, HttpResponse, WireHandler } from '../message';

/** Echoes what the app was given, as JSON. */
export const echo: WireHandler = (req: HttpRequest): HttpResponse => ({
  status: 200,
  headers: { 'content-type': 'application/json', 'x-custom-name': 'v' },
  body: JSON.stringify({
    method: req.method,
    path: req.path,
    search: req.search,
    headers: req.headers,
    body: req.body?.toString('utf8') ?? null,
    tooLarge: req.bodyTooLarge ?? false,
  }),
});

/** Writes the pieces one after another on one connection and reads until the server closes it. */
export function raw(
  port: number,
  pieces: (string | Buffer)[],
  opts: { halfClose?: boolean; gapMs?: number } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const got: Buffer[] = [];
    socket.on('data', (d) => got.push(d));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(got).toString('utf8')));
    const write = (i: number): void => {
      if (i === pieces.length) {
        if (opts.halfClose) socket.end();
        return;
      }
      socket.write(pieces[i]!, () =>
        opts.gapMs ? setTimeout(() => write(i + 1), opts.gapMs) : write(i + 1),
      );
    };
    socket.on('connect', () => write(0));
  });
}

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Splits a byte stream of HTTP/1.1 answers (each with a Content-Length or none) into answers. */
export function answers(stream: string): Answer[] {
  const out: Answer[] = [];
  let rest = stream;
  while (rest.length > 0) {
    const end = rest.indexOf('\r\n\r\n');
    const [line, ...lines] = rest.slice(0, end).split('\r\n');
    const headers = Object.fromEntries(
      lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
    );
    const length = Number(headers['content-length'] ?? 0);
    const bodyStart = end + 4;
    const body = Buffer.from(rest.slice(bodyStart)).subarray(0, length).toString('utf8');
    out.push({ status: Number(line!.split(' ')[1]), headers, body });
    rest = rest.slice(bodyStart + body.length);
  }
  return out;
}
