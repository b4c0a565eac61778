// Runs the shop on its own, pointed at a running simulator (or any service with the same APIs):
//
//   node shop/main.mjs --api http://127.0.0.1:4700 [--port 4704] [--host 127.0.0.1]
//                      [--username merchant --password secret]
//
// It prints the shop's URL on stdout (its log goes to stderr) and runs until Ctrl-C.

import { parseArgs } from 'node:util';
import { startShop } from './server.mjs';

const { values } = parseArgs({
  options: {
    api: { type: 'string' },
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '0' },
    username: { type: 'string', default: 'merchant' },
    password: { type: 'string', default: 'secret' },
  },
});

if (!values.api) {
  console.error(
    'usage: node shop/main.mjs --api http://127.0.0.1:4700 [--port 4704] [--username U --password P]',
  );
  process.exit(2);
}

const shop = await startShop({
  apiUrl: values.api,
  credentials: { username: values.username, password: values.password },
  host: values.host,
  port: Number(values.port),
  log: { info: (m) => console.error(m), warn: (m) => console.error(m) },
});
console.log(shop.url);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => void shop.close().then(() => process.exit(0)));
}
