import type { FieldProblem } from '../schemas/common.schema';

/** What checking one allowed-origin entry found. */
export type OriginCheck = { ok: true; origin: string; localhost: boolean } | { ok: false; message: string };

const SHAPE = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/([^/?#]*)(.*)$/;
const HOST_PORT = /^(\[[0-9a-fA-F:.]+\]|[^:]*)(?::(.*))?$/;
const DNS_HOST = /^(?!-)[a-z0-9-]+(?:\.[a-z0-9-]+)*$/;
const IPV6_HOST = /^\[[0-9a-f:.]+\]$/;

/** Where an origin's text goes past scheme, host and port, as the reason to refuse it. */
function extraPart(rest: string): string | null {
  if (rest === '') return null;
  if (rest === '/') return "must not end with '/' (an origin has no path)";
  if (rest.startsWith('/')) return 'must not have a path';
  if (rest.startsWith('?')) return 'must not have a query';
  return 'must not have a fragment';
}

/** Checks scheme and port; http is the one exception, for localhost only (local development). */
function checkSchemeAndPort(scheme: string, host: string, port: string | undefined): string | null {
  if (scheme !== 'https' && !(scheme === 'http' && host === 'localhost')) {
    return scheme === 'http' ? 'must use https (http is allowed only for localhost)' : 'must use https';
  }
  if (port === undefined) return null;
  if (!/^\d{1,5}$/.test(port) || Number(port) < 1 || Number(port) > 65535) {
    return 'has a port that is not a number from 1 to 65535';
  }
  return null;
}

/**
 * Checks one allowed origin: an https scheme, a host and an optional port, nothing else; `http://localhost[:port]`
 * is accepted and reported as such. The origin comes back in the form browsers send in the Origin header
 * (lower case, default port dropped), so comparing and de-duplicating work on plain strings.
 */
export function checkOrigin(raw: unknown): OriginCheck {
  if (typeof raw !== 'string') return { ok: false, message: `must be a string, got ${typeof raw}` };
  const quoted = `'${raw}'`;
  const refuse = (why: string): OriginCheck => ({ ok: false, message: `${quoted} ${why}` });
  if (raw.trim() !== raw || raw === '') return refuse('must not be empty or have spaces around it');
  if (raw.includes('*')) return refuse('must not contain wildcards; list each origin');
  const m = SHAPE.exec(raw);
  if (!m) return refuse('is not an origin such as https://shop.example.com');
  const [, schemeRaw, authority, rest] = m as unknown as [string, string, string, string];
  const extra = extraPart(rest);
  if (extra) return refuse(extra);
  if (authority.includes('@')) return refuse('must not contain a user name or password');
  const hp = HOST_PORT.exec(authority);
  const hostRaw = hp?.[1] ?? '';
  if (hostRaw === '') return refuse('has no host');
  const scheme = schemeRaw.toLowerCase();
  const schemeProblem = checkSchemeAndPort(scheme, hostRaw.toLowerCase(), hp?.[2]);
  if (schemeProblem) return refuse(schemeProblem);
  let url: URL;
  try {
    url = new URL(`${scheme}://${authority}`);
  } catch {
    return refuse('has a host that is not valid');
  }
  if (!DNS_HOST.test(url.hostname) && !IPV6_HOST.test(url.hostname)) {
    return refuse('has a host that is not valid');
  }
  return { ok: true, origin: url.origin, localhost: url.hostname === 'localhost' };
}

/**
 * Checks a list of origins (`field` names it in problems, e.g. `allowed_origins`); returns the normalized
 * origins without duplicates, in first-seen order, and one problem per bad entry.
 */
export function checkOrigins(
  list: readonly unknown[],
  field = 'allowed_origins',
): { origins: string[]; problems: FieldProblem[] } {
  const origins: string[] = [];
  const problems: FieldProblem[] = [];
  list.forEach((raw, i) => {
    const r = checkOrigin(raw);
    if (!r.ok) problems.push({ path: `${field}[${i}]`, message: r.message });
    else if (!origins.includes(r.origin)) origins.push(r.origin);
  });
  return { origins, problems };
}

/** Appends origins to a list, keeping its order and skipping those already there. */
export function appendOrigins(existing: readonly string[], added: readonly string[]): string[] {
  const out = [...existing];
  for (const o of added) if (!out.includes(o)) out.push(o);
  return out;
}

/** A note on an accepted origin that is allowed but worth seeing (http on localhost). */
export interface OriginFlag {
  origin: string;
  flag: 'http_localhost';
  message: string;
}

/** The flags the API and the console show next to a client's origins. */
export function originFlags(origins: readonly string[]): OriginFlag[] {
  return origins
    .filter((o) => o.startsWith('http://'))
    .map((origin) => ({
      origin,
      flag: 'http_localhost',
      message: 'plain http, accepted for localhost only (local development); use https anywhere else',
    }));
}
