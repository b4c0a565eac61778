import { describe, expect, it } from 'vitest';
import {
  CONTENT_SECURITY_POLICY,
  isExternalWebUrl,
  isPermissionAllowed,
  isRendererUrl,
  isTrustedSender,
  mainWindowOptions,
  windowWebPreferences,
  withCspHeader,
} from './window-options';

const page = 'file:///app/out/renderer/index.html';

describe('windowWebPreferences', () => {
  it('isolates and sandboxes the renderer, with no Node and web security on', () => {
    const prefs = windowWebPreferences('/app/out/preload/preload.cjs');
    expect(prefs).toMatchObject({
      preload: '/app/out/preload/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });

  it('is what the main window uses, hidden until ready', () => {
    const opts = mainWindowOptions('/p.cjs');
    expect(opts.webPreferences).toEqual(windowWebPreferences('/p.cjs'));
    expect(opts.show).toBe(false);
  });
});

describe('CSP', () => {
  it('allows only our own scripts and no network', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).toContain("connect-src 'none'");
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
  });

  it('replaces any CSP header, whatever its case, and keeps the others', () => {
    const out = withCspHeader({ 'content-security-policy': ['x'], 'Content-Type': ['text/html'] });
    expect(out).toEqual({
      'Content-Type': ['text/html'],
      'Content-Security-Policy': [CONTENT_SECURITY_POLICY],
    });
    expect(withCspHeader(undefined)).toEqual({ 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] });
  });
});

describe('isRendererUrl', () => {
  it('accepts the page itself, with a hash route or a query', () => {
    expect(isRendererUrl(page, page)).toBe(true);
    expect(isRendererUrl(`${page}#/orders/42`, page)).toBe(true);
    expect(isRendererUrl(`${page}?x=1`, page)).toBe(true);
  });
  it('refuses other files, web pages and garbage', () => {
    expect(isRendererUrl('file:///etc/passwd', page)).toBe(false);
    expect(isRendererUrl('file:///app/out/renderer/other.html', page)).toBe(false);
    expect(isRendererUrl('https://example.com/', page)).toBe(false);
    expect(isRendererUrl('not a url', page)).toBe(false);
  });
});

describe('isExternalWebUrl', () => {
  it('hands only http(s) links to the browser', () => {
    expect(isExternalWebUrl('https://example.com/docs')).toBe(true);
    expect(isExternalWebUrl('http://127.0.0.1:4700/')).toBe(true);
    expect(isExternalWebUrl('file:///etc/passwd')).toBe(false);
    expect(isExternalWebUrl('javascript:alert(1)')).toBe(false);
    expect(isExternalWebUrl('smb://host/share')).toBe(false);
    expect(isExternalWebUrl('')).toBe(false);
  });
});

describe('isTrustedSender', () => {
  const ok = { frameUrl: `${page}#/log`, isMainFrame: true, isOurWindow: true };
  it('trusts the main frame of our window showing our page', () => {
    expect(isTrustedSender(ok, page)).toBe(true);
  });
  it.each([
    ['another window', { ...ok, isOurWindow: false }],
    ['a subframe', { ...ok, isMainFrame: false }],
    ['a closed frame', { ...ok, frameUrl: undefined }],
    ['a web page', { ...ok, frameUrl: 'https://evil.example/' }],
    ['another local file', { ...ok, frameUrl: 'file:///tmp/evil.html' }],
  ])('refuses %s', (_name, sender) => {
    expect(isTrustedSender(sender, page)).toBe(false);
  });
});

describe('isPermissionAllowed', () => {
  it('allows clipboard writes from our page only', () => {
    expect(isPermissionAllowed('clipboard-sanitized-write', page, page)).toBe(true);
    expect(isPermissionAllowed('clipboard-sanitized-write', 'https://evil.example/', page)).toBe(false);
  });
  it.each(['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'unknown'])(
    'refuses %s',
    (p) => {
      expect(isPermissionAllowed(p, page, page)).toBe(false);
    },
  );
});
