import { describe, expect, it } from 'vitest';
import { frameAllowed, frameAncestors, isFrameOrigin, normalizeFrameOrigin } from './frame-origins';

describe('normalizeFrameOrigin: the origin as a browser sends it', () => {
  it('lower-cases and drops the default port; plain http on any host is fine', () => {
    expect(normalizeFrameOrigin('HTTPS://Shop.Example:443')).toBe('https://shop.example');
    expect(normalizeFrameOrigin('http://localhost:3000')).toBe('http://localhost:3000');
    expect(normalizeFrameOrigin('http://shop.test')).toBe('http://shop.test');
    expect(normalizeFrameOrigin('http://shop.test:80')).toBe('http://shop.test');
  });

  it('refuses what is not an origin: a path, a query, a fragment, spaces, other schemes, credentials', () => {
    for (const raw of [
      'https://shop.test/',
      'https://shop.test/page',
      'https://shop.test?x=1',
      'https://shop.test#top',
      ' https://shop.test',
      'https://shop.test ',
      'ftp://shop.test',
      'xhttps://shop.test',
      'shop.test',
      'https://',
      'https://user:pw@shop.test',
      'https://user@shop.test',
      'https://:pw@shop.test',
      'https://shop.test:99999',
    ]) {
      expect(normalizeFrameOrigin(raw), raw).toBeNull();
      expect(isFrameOrigin(raw), raw).toBe(false);
    }
    expect(isFrameOrigin('https://shop.test')).toBe(true);
  });
});

describe('frameAllowed', () => {
  it('lets any page frame the checkout when the list is empty, even one that sends no origin', () => {
    expect(frameAllowed([], 'https://evil.test')).toBe(true);
    expect(frameAllowed([], null)).toBe(true);
  });

  it('with a list, only its origins, compared as browsers send them', () => {
    const allowed = ['https://Shop.test:443', 'http://localhost:3000'];
    expect(frameAllowed(allowed, 'https://shop.test')).toBe(true);
    expect(frameAllowed(allowed, 'http://localhost:3000')).toBe(true);
    expect(frameAllowed(allowed, 'http://shop.test')).toBe(false);
    expect(frameAllowed(allowed, 'http://localhost:3001')).toBe(false);
    expect(frameAllowed(allowed, null)).toBe(false);
    expect(frameAllowed(allowed, 'not an origin')).toBe(false);
  });

  it('an entry that is not an origin matches nothing, not even a page that sends no valid origin', () => {
    expect(frameAllowed(['junk'], 'junk')).toBe(false);
  });
});

describe('frameAncestors: the CSP source list', () => {
  it("is '*' for an empty list, else the normalized origins separated by spaces", () => {
    expect(frameAncestors([])).toBe('*');
    expect(frameAncestors(['HTTPS://Shop.test:443', 'http://localhost:3000'])).toBe(
      'https://shop.test http://localhost:3000',
    );
  });

  it('keeps an entry it cannot normalize as written', () => {
    expect(frameAncestors(['junk'])).toBe('junk');
  });
});
