import { SAMPLE_ORDER } from '@shared/samples/samples';

/** The sample order of shared/samples: the same one the merchant guide's curl uses (docs/merchant-guide.md). */
export { SAMPLE_ORDER };

/** Quotes a string for a POSIX shell. */
export function shellQuote(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * The curl command that creates the sample order against `apiUrl` with the given Basic auth credentials,
 * one option per line (with shell continuations) so it reads well and still pastes as one command. Under
 * `--tls`, `caFile` is the local CA that curl must trust (`--cacert`), or the command fails to verify.
 */
export function curlCreateOrder(
  apiUrl: string,
  username: string,
  password: string,
  caFile: string | null = null,
): string {
  const url = `${apiUrl.replace(/\/+$/, '')}/checkout/v3/orders`;
  return [
    `curl -u ${shellQuote(`${username}:${password}`)}`,
    ...(caFile ? [`  --cacert ${shellQuote(caFile)}`] : []),
    `  -H ${shellQuote('Content-Type: application/json')}`,
    `  -d ${shellQuote(JSON.stringify(SAMPLE_ORDER))}`,
    `  ${shellQuote(url)}`,
  ].join(' \\\n');
}
