import { SAMPLE_ORDER } from '@shared/samples/samples';

/** The sample order of shared/samples: the same one the merchant guide's curl uses (docs/merchant-guide.md). */
export { SAMPLE_ORDER };

/** Quotes a string for a POSIX shell. */
export function shellQuote(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * The curl command that creates the sample order against `apiUrl` with the given Basic auth credentials,
 * one option per line (with shell continuations) so it reads well and still pastes as one command.
 */
export function curlCreateOrder(apiUrl: string, username: string, password: string): string {
  const url = `${apiUrl.replace(/\/+$/, '')}/checkout/v3/orders`;
  return [
    `curl -u ${shellQuote(`${username}:${password}`)}`,
    `  -H ${shellQuote('Content-Type: application/json')}`,
    `  -d ${shellQuote(JSON.stringify(SAMPLE_ORDER))}`,
    `  ${shellQuote(url)}`,
  ].join(' \\\n');
}
