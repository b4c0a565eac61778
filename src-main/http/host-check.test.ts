import { describe, expect, it } from 'vitest';
import { hostName, hostRefusal, hostRuleFor } from './host-check';

describe('the Host check', () => {
  it('answers to localhost, *.localhost and IP addresses, on any port', () => {
    const rule = hostRuleFor('127.0.0.1');
    for (const host of [
      'localhost:4703',
      'LOCALHOST',
      'shop.localhost:1',
      '127.0.0.1:4703',
      '[::1]:4703',
      '10.0.0.7',
    ])
      expect(hostRefusal(host, rule), host).toBeNull();
  });

  it('refuses a foreign name, naming the header and what it answers to', () => {
    const rule = hostRuleFor('127.0.0.1');
    expect(hostRefusal('evil.test:4703', rule)).toMatch(
      /^Host 'evil\.test:4703' is not a name of this simulator: it answers only to localhost, an IP address \(a guard against DNS rebinding; config allowed_hosts adds names\)$/,
    );
    for (const host of ['127.0.0.1.nip.io', 'localhost.evil.test', 'a:b:c', '[evil]:1', ''])
      expect(hostRefusal(host, rule), host).not.toBeNull();
    expect(hostRefusal(undefined, rule)).toMatch(/^Host: missing/);
  });

  it('answers to the name given with --host, but not to a wildcard or an address as a name', () => {
    const rule = hostRuleFor('Sim.Example.');
    expect(rule.names).toEqual(['sim.example']);
    expect(hostRefusal('sim.example:4703', rule)).toBeNull();
    expect(hostRefusal('other.example:4703', rule)).toContain(`'sim.example' (--host)`);
    expect(hostRuleFor('0.0.0.0').names).toEqual([]);
    expect(hostRuleFor('::').names).toEqual([]);
    expect(hostName('[::1]:80')).toBe('::1');
  });
});
