import { z } from 'zod';

/**
 * Config `allowed_hosts`: host names every listener answers to besides localhost, IP addresses and
 * `--host` (the Host check against DNS rebinding, src-main/http/host-check.ts): a name in /etc/hosts,
 * a Docker service name, a tunnel's. Names only: the port is never compared.
 */
export const AllowedHostsSchema = z.array(
  z
    .string()
    .regex(
      /^[A-Za-z0-9_]([A-Za-z0-9_.-]*[A-Za-z0-9])?\.?$/,
      'must be a host name (no scheme, port, path or wildcard)',
    ),
);
