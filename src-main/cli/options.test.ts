import { describe, expect, it } from 'vitest';
import { parseRunArgs } from './args';
import { parseExploreArgs } from './explore-cli';
import { parseExportArgs } from './export';

/* The option parsers that share options.ts, read alike: the same words, the same errors. */
const PARSERS = [
  ['run', (argv: string[]) => parseRunArgs(['a.yaml', ...argv])],
  ['explore', parseExploreArgs],
] as const;

describe.each(PARSERS)('checkout-sim %s', (_, parse) => {
  it('reads the simulator to drive and the reporters, the URLs without their trailing slashes', () => {
    const argv = ['--api', 'http://127.0.0.1:3000/', '--merchant-url', 'http://127.0.0.1:4000//'];
    const more = ['--username', 'm', '--password', 'p', '--reporter', 'junit=out.xml'];
    expect(parse([...argv, ...more])).toMatchObject({
      api: 'http://127.0.0.1:3000',
      merchantUrl: 'http://127.0.0.1:4000',
      username: 'm',
      password: 'p',
      reporters: [{ kind: 'junit', file: 'out.xml' }],
    });
  });

  it.each([
    [['--username', 'm'], '--username and --password go with --api'],
    [['--api', 'ftp://x'], "--api must be an http:// or https:// URL, got 'ftp://x'"],
    [['--reporter', 'pdf=x'], "--reporter must be junit=FILE, html=FILE or json=FILE, got 'pdf=x'"],
    [['--reporter', 'junit='], '--reporter must be junit=FILE'],
    [['--nope'], "Unknown option '--nope'"],
  ])('refuses %j: %s', (argv, message) => {
    expect(() => parse(argv)).toThrow(message);
  });
});

describe('checkout-sim export', () => {
  it('reads the order id and the simulator, and refuses what node:util refuses as a usage error', () => {
    expect(parseExportArgs(['o-1', '--api', 'http://h/', '--user', 'u'])).toMatchObject({
      orderId: 'o-1',
      api: 'http://h',
      username: 'u',
    });
    expect(() => parseExportArgs(['o-1', '--api'])).toThrow("Option '--api <value>' argument missing");
  });
});
