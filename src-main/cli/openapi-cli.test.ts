import { afterEach, describe, expect, it } from 'vitest';
import { runCli, Spawned } from '../test-kit/built-cli';

// Runs the built CLI as a user would, so `npm run build` must have run (npm test does it first).
const spawned = new Spawned('sim-openapi-');
afterEach(() => spawned.cleanup());
const run = (args: string[]) => runCli(spawned, args);

describe('checkout-sim openapi', () => {
  it('prints the provider document as JSON, with the default address as its server', async () => {
    const { code, stdout } = await run(['openapi']);
    expect(code).toBe(0);
    const doc = JSON.parse(stdout);
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.servers[0].url).toBe('http://127.0.0.1:4700');
    expect(doc.paths['/test_helpers/clock'].get['x-sim-defined']).toBe(true);
  });

  it('prints the fake integrator’s document with --integrator', async () => {
    const { code, stdout } = await run(['openapi', '--integrator']);
    expect(code).toBe(0);
    const doc = JSON.parse(stdout);
    expect(doc.paths['/shippingoptions'].post.operationId).toBe('integrator.shippingoptions');
    expect(doc.servers[0].url).toBe('http://127.0.0.1:4702');
  });

  it('prints the console’s control API and the embedded checkout’s with --control and --checkout', async () => {
    const control = await run(['openapi', '--control']);
    const checkout = await run(['openapi', '--checkout']);
    expect([control.code, checkout.code]).toEqual([0, 0]);
    const [c, k] = [JSON.parse(control.stdout), JSON.parse(checkout.stdout)];
    expect(c.servers[0].url).toBe('http://127.0.0.1:4701');
    expect(Object.keys(c.paths).some((p) => p.startsWith('/control/'))).toBe(true);
    expect(k.servers[0].url).toBe('http://127.0.0.1:4703');
    expect(Object.keys(k.paths).some((p) => p.startsWith('/kco/api/'))).toBe(true);
  });

  it('refuses an unknown option with the usage and exit code 2', async () => {
    const { code, stdout, stderr } = await run(['openapi', '--yaml']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('checkout-sim openapi [--integrator | --control | --checkout]');
  });
});
