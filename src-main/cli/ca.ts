import { ensureLocalCa } from '../net/tls/local-ca';
import { TlsSetupError } from '../net/tls/tls-setup-error';
import { parseOptions } from './options';
import { defaultDataDir } from './data-dir';

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
