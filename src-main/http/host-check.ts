import { isIP } from 'node:net';

/**
 * The Host check of the listeners a browser reaches without credentials (the embedded checkout; the
 * console has its own in control-server.ts). A page on a foreign name whose DNS is switched to this
 * machine (DNS rebinding) would reach the listener as "same origin"; its requests carry that foreign
 * name in Host, so a listener answers only to its own names. Its names are those a browser can use
 * without anyone else's DNS deciding where they point (the rule Vite's dev server follows): `localhost`
 * and `*.localhost`, any IP address, and the name given with `--host` (the address the simulator's
 * URLs, and so the order's html_snippet, carry). The port is not compared: a rebinding page cannot
 * change the name, and a port mapped by Docker or a proxy may differ from the one listened on.
 */
export interface HostRule {
  /** The `--host` the listener was started with, when it is a name rather than an address. */
  names: readonly string[];
}

/** The names a listener bound to `bindHost` answers to, besides localhost and IP addresses. */
export function hostRuleFor(bindHost: string): HostRule {
  const name = normalize(bindHost);
  return { names: name === '' || isIP(name) !== 0 ? [] : [name] };
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
    (name === 'localhost' || name.endsWith('.localhost') || isIP(name) !== 0 || rule.names.includes(name));
  if (ours) return null;
  const names = ['localhost', 'an IP address', ...rule.names.map((n) => `'${n}' (--host)`)];
  return `Host '${host}' is not a name of this simulator: it answers only to ${names.join(', ')} (a guard against DNS rebinding)`;
}
