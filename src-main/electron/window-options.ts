/*
 * The window's security settings and the checks the shell applies to navigation, new windows, IPC senders
 * and permissions. Kept free of any runtime `electron` import so it can be unit-tested under plain Node
 * (no Electron binary exists on the CI machines); window.ts and ipc.ts apply these.
 */
import type { BrowserWindowConstructorOptions, WebPreferences } from 'electron';

/** The renderer's web preferences: isolated, sandboxed, no Node, same-origin rules on. */
export function windowWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    // Spellcheck would fetch dictionaries from Google's servers; the console has no prose to check.
    spellcheck: false,
  };
}

/** The main window's options. `show: false` until ready-to-show, so the user never sees a white flash. */
export function mainWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 840,
    minWidth: 800,
    minHeight: 560,
    title: 'Checkout Simulator',
    show: false,
    autoHideMenuBar: true,
    webPreferences: windowWebPreferences(preloadPath),
  };
}

/**
 * The Content-Security-Policy sent with every response to the window. The console talks to the backend
 * over IPC only, so it needs no network at all: `connect-src 'none'` keeps an injected script from
 * reaching the simulator's own HTTP APIs. Inline styles are allowed because React's `style` props
 * produce them.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Adds the CSP to a response's headers, replacing any CSP header already there (in any letter case). */
export function withCspHeader(headers: Record<string, string[]> | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() !== 'content-security-policy') out[name] = value;
  }
  out['Content-Security-Policy'] = [CONTENT_SECURITY_POLICY];
  return out;
}

/** The URL without its query and fragment, so that in-app hash routes compare equal to the page. */
function documentOf(url: string): string | null {
  try {
    const u = new URL(url);
    u.hash = '';
    u.search = '';
    return u.href;
  } catch {
    return null;
  }
}

/** True when `url` is the renderer's own page (hash routing and reloads stay allowed; anything else is not). */
export function isRendererUrl(url: string, rendererUrl: string): boolean {
  const doc = documentOf(url);
  return doc !== null && doc === documentOf(rendererUrl);
}

/** True for links worth handing to the user's browser; everything else (file:, javascript:, custom schemes) is dropped. */
export function isExternalWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** What the IPC adapter knows about the sender of a message. */
export interface SenderInfo {
  /** The URL of the frame that sent the message; undefined when the frame is gone. */
  frameUrl: string | undefined;
  /** False when the sender is a subframe (an iframe), which the console never uses. */
  isMainFrame: boolean;
  /** True when the sending webContents is one of the shell's windows. */
  isOurWindow: boolean;
}

/** The IPC sender check: only the main frame of our own window, showing our own renderer page. */
export function isTrustedSender(sender: SenderInfo, rendererUrl: string): boolean {
  return (
    sender.isOurWindow &&
    sender.isMainFrame &&
    sender.frameUrl !== undefined &&
    isRendererUrl(sender.frameUrl, rendererUrl)
  );
}

/**
 * Permissions the window may use. Copy buttons need the clipboard write; camera, microphone,
 * geolocation, notifications and the rest are refused.
 */
const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

/** Decides a permission request or check for a page of the window. */
export function isPermissionAllowed(permission: string, requestingUrl: string, rendererUrl: string): boolean {
  return ALLOWED_PERMISSIONS.has(permission) && isRendererUrl(requestingUrl, rendererUrl);
}
