import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { listen } from '../net/listener';
import { portInUseError } from './startup-error';

const ports = { api: 4000, console: 4001, integrator: 4002, checkout: 4003, shop: 4004 };

describe('portInUseError', () => {
  it("names the port and whose it is from Node's own listen error", async () => {
    const taken = createServer();
    const port = await listen(taken, '127.0.0.1', 0);
    const err = await listen(createServer(), '127.0.0.1', port).catch((e: unknown) => e);
    taken.close();
    const message = portInUseError(err, { ...ports, console: port }).message;
    expect(message).toMatch(new RegExp(`^port ${port} \\(the console\\) on 127\\.0\\.0\\.1 is in use: `));
  });

  it('names the port from the message when the error carries no port field (a bind through a cluster)', () => {
    const err = Object.assign(new Error('bind EADDRINUSE null:4002'), { code: 'EADDRINUSE' });
    const message = portInUseError(err, ports).message;
    expect(message).toMatch(/^port 4002 \(the fake integrator\) on its address is in use: /);
    expect(message).not.toContain('?');
  });

  it('names the range asked for when no port can be read at all', () => {
    const err = Object.assign(new Error('address already in use'), { code: 'EADDRINUSE' });
    expect(portInUseError(err, ports).message).toMatch(/^one of ports 4000-4004 on its address is in use: /);
  });
});
