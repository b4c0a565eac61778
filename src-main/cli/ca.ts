import { ensureLocalCa } from '../net/tls/local-ca';
import { TlsSetupError } from '../net/tls/tls-setup-error';
import { parseOptions } from './options';
import { defaultDataDir } from './data-dir';

export const CA_USAGE = `Usage: checkout-sim ca [--data-dir DIR]

Prints the file of the local CA certificate that \`serve --tls\` signs its certificates with, creating the
CA first if the data folder has none (the same folder as serve's: --data-dir, default the per-user
app-data folder). Trust it once: NODE_EXTRA_CA_CERTS=FILE for Node, curl --cacert FILE, or
keytool -importcert -file FILE for a JVM truststore.`;

/** `checkout-sim ca`: the CA file's path on stdout (a line a script can take whole); exit 1 naming the folder. */
export function caCommand(
  argv: string[],
  io: { print(line: string): void; note(line: string): void },
): number {
  const {
    values: { 'data-dir': dataDir },
  } = parseOptions({
    args: argv,
    options: { 'data-dir': { type: 'string' } },
    strict: true,
    allowPositionals: false,
  });
  try {
    const ca = ensureLocalCa(dataDir ?? defaultDataDir());
    if (ca.created) io.note(`created a new local CA: ${ca.certFile}`);
    io.print(ca.certFile);
    return 0;
  } catch (err) {
    if (!(err instanceof TlsSetupError)) throw err;
    io.note(`checkout-sim: ${err.message}`);
    return 1;
  }
}
