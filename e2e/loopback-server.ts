import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';

/** A test's own server: its base URL, and a close that drops kept-alive connections too. */
export interface LoopbackServer {
  /** Base URL, e.g. `http://127.0.0.1:41234`. */
  url: string;
  close(): Promise<void>;
}

/**
 * The merchant stubs' server: on 127.0.0.1 and a free port, each request handed to `handle` once its whole
 * body is read (as UTF-8 text, '' when there is none).
 */
export async function startLoopbackServer(
  handle: (req: IncomingMessage, body: string, res: ServerResponse) => void,
): Promise<LoopbackServer> {
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => handle(req, body, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
