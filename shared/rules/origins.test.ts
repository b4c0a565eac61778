import { describe, expect, it } from 'vitest';
import { appendOrigins, checkOrigin, checkOrigins, originFlags } from './origins';

describe('checkOrigin accepts scheme, host and optional port', () => {
  it.each([
    ['https://shop.example.com', 'https://shop.example.com', false],
    ['https://shop.example.com:8443', 'https://shop.example.com:8443', false],
    ['HTTPS://Shop.Example.COM', 'https://shop.example.com', false],
    ['https://shop.example.com:443', 'https://shop.example.com', false],
    ['https://127.0.0.1:3000', 'https://127.0.0.1:3000', false],
    ['https://[::1]:8443', 'https://[::1]:8443', false],
    ['https://bücher.example', 'https://xn--bcher-kva.example', false],
    ['https://localhost', 'https://localhost', true],
    ['http://localhost', 'http://localhost', true],
    ['http://localhost:5173', 'http://localhost:5173', true],
    ['http://LOCALHOST:80', 'http://localhost', true],
    ['https://shop.example.com:1', 'https://shop.example.com:1', false],
    ['https://shop.example.com:65535', 'https://shop.example.com:65535', false],
  ])('%s → %s', (raw, origin, localhost) => {
    expect(checkOrigin(raw)).toEqual({ ok: true, origin, localhost });
  });
});

describe('checkOrigin refuses anything else, naming the entry and the rule', () => {
  it.each([
    ['http://shop.example.com', 'must use https (http is allowed only for localhost)'],
    ['http://127.0.0.1:3000', 'must use https (http is allowed only for localhost)'],
    ['ftp://shop.example.com', 'must use https'],
    ['https://shop.example.com/', "must not end with '/'"],
    ['https://shop.example.com/checkout', 'must not have a path'],
    ['https://shop.example.com?x=1', 'must not have a query'],
    ['https://shop.example.com#top', 'must not have a fragment'],
    ['https://user:pw@shop.example.com', 'must not contain a user name or password'],
    ['https://user@shop.example.com', 'must not contain a user name or password'],
    ['https://*.example.com', 'must not contain wildcards'],
    ['*', 'must not contain wildcards'],
    ['shop.example.com', 'is not an origin such as https://shop.example.com'],
    ['//shop.example.com', 'is not an origin'],
    ['https://', 'has no host'],
    ['https://:443', 'has no host'],
    ['https://shop.example.com:0', 'has a port that is not a number from 1 to 65535'],
    ['https://shop.example.com:65536', 'has a port that is not a number from 1 to 65535'],
    ['https://shop.example.com:', 'has a port that is not a number'],
    ['https://shop.example.com:abc', 'has a port that is not a number'],
    ['https://shop.example.com:8443x', 'has a port that is not a number'],
    ['https://shop.example.com:x8443', 'has a port that is not a number'],
    ['ftp://localhost', 'must use https'],
    // Pasted with its JSON quotes: not an origin, rather than a fragment after one.
    ['"https://shop.example.com"', 'is not an origin such as https://shop.example.com'],
    ['https://sh op.example.com', 'has a host that is not valid'],
    ['https://shop_1.example.com', 'has a host that is not valid'],
    ['https://shop.example.com.', 'has a host that is not valid'],
    [' https://shop.example.com', 'must not be empty or have spaces around it'],
    ['', 'must not be empty'],
  ])('%j', (raw, why) => {
    const r = checkOrigin(raw);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.message).toContain(`'${raw}'`);
      expect(r.message).toContain(why);
    }
  });

  it('says "must use https" alone for a scheme other than http', () => {
    expect(checkOrigin('ftp://shop.example.com')).toEqual({
      ok: false,
      message: "'ftp://shop.example.com' must use https",
    });
  });

  it('refuses a line break inside the host and port, without failing on it', () => {
    // The URL parser would drop the line break and read https://[::1]:80; the entry is not one line.
    for (const raw of ['https://shop.example.com:1\nx', 'https://[::1]\n:80'])
      expect(checkOrigin(raw)).toMatchObject({ ok: false, message: expect.stringContaining(`'${raw}'`) });
  });

  it('refuses non-strings', () => {
    expect(checkOrigin(42)).toEqual({ ok: false, message: 'must be a string, got number' });
  });
});

describe('origin lists', () => {
  it('normalizes, de-duplicates and reports each bad entry by index', () => {
    const r = checkOrigins([
      'https://a.example',
      'HTTPS://A.example:443',
      'http://b.example',
      'https://c.example',
    ]);
    expect(r.origins).toEqual(['https://a.example', 'https://c.example']);
    expect(r.problems).toEqual([
      { path: 'allowed_origins[2]', message: expect.stringContaining('http://b.example') },
    ]);
  });

  it('appends without duplicates, keeping order', () => {
    expect(
      appendOrigins(['https://a.example', 'https://b.example'], ['https://b.example', 'https://c.example']),
    ).toEqual(['https://a.example', 'https://b.example', 'https://c.example']);
  });

  it('flags http localhost origins only', () => {
    expect(
      originFlags(['https://a.example', 'http://localhost:3000']).map((f) => [f.origin, f.flag]),
    ).toEqual([['http://localhost:3000', 'http_localhost']]);
    expect(originFlags(['http://localhost'])[0]!.message).toBe(
      'plain http, accepted for localhost only (local development); use https anywhere else',
    );
  });
});
