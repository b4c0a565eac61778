import { describe, expect, it } from 'vitest';
import { KCO_MARK } from '../protocol';
import { parseConfig } from './config';
import { fromParent, parentStatus } from './parent-link';
import { view } from '../test-kit/view-fixture';

const SHOP = 'http://shop.test:3000';
const facts = { framed: true, parentOrigin: SHOP, ancestorOrigin: SHOP, allowedOrigins: [] as string[] };

describe('parentStatus', () => {
  it('talks to the merchant page’s origin when framed by it', () => {
    expect(parentStatus(facts)).toEqual({ kind: 'framed', origin: SHOP });
    // Browsers without ancestorOrigins (Firefox) take the origin from the address.
    expect(parentStatus({ ...facts, ancestorOrigin: undefined })).toEqual({ kind: 'framed', origin: SHOP });
  });

  it('is standalone when not framed', () => {
    expect(parentStatus({ ...facts, framed: false, parentOrigin: null })).toEqual({ kind: 'standalone' });
  });

  it('refuses to talk when the page around it is another origin than its address says', () => {
    const s = parentStatus({ ...facts, ancestorOrigin: 'https://evil.test' });
    expect(s.kind).toBe('blocked');
    expect(s.kind === 'blocked' && s.reason).toContain('https://evil.test');
  });

  it('refuses to talk without an origin, or to one the setting does not allow', () => {
    expect(parentStatus({ ...facts, parentOrigin: null }).kind).toBe('blocked');
    expect(parentStatus({ ...facts, allowedOrigins: ['https://shop.example'] }).kind).toBe('blocked');
    expect(parentStatus({ ...facts, allowedOrigins: [SHOP] }).kind).toBe('framed');
  });
});

describe('fromParent', () => {
  const parent = {};
  const ok = {
    source: parent,
    origin: SHOP,
    data: { kco: KCO_MARK, type: 'resume' },
  } as unknown as MessageEvent;

  it('hears the parent window, from its origin, with the mark', () => {
    expect(fromParent(ok, parent, SHOP)).toBe(true);
  });

  it('ignores other windows, other origins and unmarked messages', () => {
    expect(fromParent({ ...ok, source: {} } as MessageEvent, parent, SHOP)).toBe(false);
    expect(fromParent({ ...ok, origin: 'https://evil.test' } as MessageEvent, parent, SHOP)).toBe(false);
    expect(fromParent({ ...ok, data: { type: 'resume' } } as MessageEvent, parent, SHOP)).toBe(false);
  });
});

describe('parseConfig', () => {
  it('reads the document’s config', () => {
    const text = JSON.stringify({
      orderId: 'o',
      token: 't',
      parentOrigin: SHOP,
      view: view(),
      allowedOrigins: [],
    });
    expect(parseConfig(text)).toMatchObject({ orderId: 'o', token: 't', parentOrigin: SHOP });
  });

  it('is null for a missing or broken config', () => {
    expect(parseConfig(null)).toBeNull();
    expect(parseConfig('{')).toBeNull();
    expect(parseConfig(JSON.stringify({ orderId: 'o' }))).toBeNull();
  });
});
