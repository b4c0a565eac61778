import { dirname, resolve } from 'node:path';
import type { SimConfig } from '@shared/schemas/config.schema';
import type { TlsOptions } from '../boot/boot-tls';
import type { ServeArgs } from './args';

/**
 * `--tls`, `--tls-cert`, `--tls-key` and `--merchant-ca` over the config file's `tls` and `merchant_ca`:
 * a flag wins over the file. Paths in the config file are relative to the file (as a user writes them next
 * to it), paths on the command line to the current folder.
 */
export function tlsOptionsOf(
  args: Pick<ServeArgs, 'tls' | 'tlsCert' | 'tlsKey' | 'merchantCa' | 'config'>,
  config: SimConfig,
): { tls: TlsOptions | null; merchantCa: string | null } {
  const here = (file: string) => (args.config ? resolve(dirname(args.config), file) : resolve(file));
  const fromFile = typeof config.tls === 'object' ? config.tls : null;
  const on = args.tls || config.tls === true || fromFile !== null;
  let tls: TlsOptions | null = null;
  if (on) {
    tls = {};
    if (args.tlsCert !== undefined && args.tlsKey !== undefined)
      tls = { certFile: resolve(args.tlsCert), keyFile: resolve(args.tlsKey) };
    else if (fromFile?.cert !== undefined && fromFile.key !== undefined)
      tls = { certFile: here(fromFile.cert), keyFile: here(fromFile.key) };
    if (fromFile?.names) tls.names = fromFile.names;
  }
  const merchantCa =
    args.merchantCa !== undefined
      ? resolve(args.merchantCa)
      : config.merchant_ca !== undefined
        ? here(config.merchant_ca)
        : null;
  return { tls, merchantCa };
}
