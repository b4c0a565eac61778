import { isIP } from 'node:net';
import type { FieldProblem } from '@shared/schemas/common.schema';

/**
 * The Host check of every listener: the provider API and the fake integrator (serve.ts), the embedded
 * checkout, the console (control-server.ts); the sample shop has its own copy (shop/guards.mjs). A page on a foreign name whose DNS is switched to this
 * machine (DNS rebinding) would reach the listener as "same origin"; its requests carry that foreign
 * name in Host, so a listener answers only to its own names. Its names are those a browser can use
 * without anyone else's DNS deciding where they point (the rule Vite's dev server follows): `localhost`
 * and `*.localhost`, any IP address, the name given with `--host` (the address the simulator's URLs,
 * and so the order's html_snippet, carry), and the names the config's `allowed_hosts` lists (a name
 * in /etc/hosts, a Docker service name, a tunnel's). The port is not compared: a rebinding page cannot
 * change the name, and a port mapped by Docker or a proxy may differ from the one listened on.
 */
export interface HostRule {
  /** The `--host` the listener was started with, when it is a name rather than an address. */
  names: readonly string[];
  /** The config's `allowed_hosts`, normalized. */
  allowed?: readonly string[];
}

/** The rule of a listener that answers to localhost and IP addresses only. */
export const LOCAL_NAMES: HostRule = { names: [] };

/**
 * The names a listener bound to `bindHost` answers to, besides localhost and IP addresses, and the
 * config's `allowed_hosts`.
 */
export function hostRuleFor(bindHost: string, allowedHosts: readonly string[] = []): HostRule {
  const name = normalize(bindHost);
  const allowed = allowedHosts.map(normalize).filter((n) => n !== '');
  return { names: name === '' || isIP(name) !== 0 ? [] : [name], ...(allowed.length > 0 ? { allowed } : {}) };
}

/** A host name as compared: lower case, without brackets or the root's trailing dot. */
function normalize(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
}

/** The name part of a Host header value (`name`, `name:port`, `[v6]:port`); null when it is malformed. */
export function hostName(host: string): string | null {
  const m = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(host.trim());
  return m ? normalize(m[1]!) : null;
}

/** Why a request's Host is refused (the field and the rule, for the error), or null when it is ours. */
export function hostRefusal(host: string | undefined, rule: HostRule): string | null {
  if (host === undefined || host.trim() === '')
    return 'Host: missing; this listener answers only to its own names';
  const name = hostName(host);
  const ours =
    name !== null &&
    (name === 'localhost' ||
      name.endsWith('.localhost') ||
      isIP(name) !== 0 ||
      rule.names.includes(name) ||
      (rule.allowed?.includes(name) ?? false));
  if (ours) return null;
  const names = [
    'localhost',
    'an IP address',
    ...rule.names.map((n) => `'${n}' (--host)`),
    ...(rule.allowed ?? []).map((n) => `'${n}' (allowed_hosts)`),
  ];
  return `Host '${host}' is not a name of this simulator: it answers only to ${names.join(', ')} (a guard against DNS rebinding; config allowed_hosts adds names)`;
}

/** The same refusal as a field problem of the header `Host`, for an API's error shape; null when ours. */
export function hostProblem(host: string | undefined, rule: HostRule): FieldProblem | null {
  const why = hostRefusal(host, rule);
  return why === null ? null : { path: 'Host', message: why.replace(/^Host:? /, '') };
}
