import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { issueLeaf, type CertAndKey } from '../net/tls/certificates';

/**
 * An https merchant stub whose certificate (for 127.0.0.1 and localhost) is signed by `ca`: the merchant's
 * own CA, as a merchant's staging server has. Answers 200 `{}` and keeps the paths it was sent.
 */
export async function caSignedStub(
  ca: CertAndKey,
): Promise<{ base: string; paths: string[]; stop(): Promise<void> }> {
  const paths: string[] = [];
  const leaf = issueLeaf(ca, ['127.0.0.1', 'localhost']);
  const server: Server = createServer({ key: leaf.key, cert: leaf.cert }, (req, res) => {
    req.resume();
    req.on('end', () => {
      paths.push(req.url ?? '/');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    base: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    paths,
    stop: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
