import { BrowserWindow, shell, type Session } from 'electron';
import { pathToFileURL } from 'node:url';
import {
  isExternalWebUrl,
  isPermissionAllowed,
  isRendererUrl,
  mainWindowOptions,
  withCspHeader,
} from './window-options';

/** Where the built pieces the window needs live (out/preload/preload.cjs, out/renderer/index.html). */
export interface WindowPaths {
  preload: string;
  indexHtml: string;
}

/** The file:// URL the window shows; the IPC sender check and the navigation guard compare against it. */
export function rendererUrlOf(paths: WindowPaths): string {
  return pathToFileURL(paths.indexHtml).href;
}

/**
 * Locks down a session once: a CSP on every response and no permissions beyond the allowlist. Done on
 * the session rather than per window because every window of the app shares the default session.
 * Chromium may not route file:// responses through webRequest, so the renderer's index.html carries its
 * own CSP meta tag as well; the header covers anything else the window might load.
 */
export function hardenSession(ses: Session, rendererUrl: string): void {
  ses.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: withCspHeader(details.responseHeaders) });
  });
  ses.setPermissionRequestHandler((_wc, permission, callback, details) => {
    callback(isPermissionAllowed(permission, details.requestingUrl, rendererUrl));
  });
  ses.setPermissionCheckHandler((_wc, permission, requestingOrigin, details) =>
    isPermissionAllowed(permission, details.requestingUrl ?? requestingOrigin, rendererUrl),
  );
}

/** Opens a web link in the user's browser; failures (no browser configured) are not the console's problem. */
function openExternally(url: string): void {
  if (isExternalWebUrl(url)) shell.openExternal(url).catch(() => undefined);
}

/** Creates the console window: sandboxed, showing only our renderer, with every way out closed. */
export function createMainWindow(paths: WindowPaths): BrowserWindow {
  const rendererUrl = rendererUrlOf(paths);
  const win = new BrowserWindow(mainWindowOptions(paths.preload));
  const { webContents } = win;

  // A link clicked in the console must not turn the privileged window into a browser of the web:
  // in-app (same page) navigation is allowed, web links go to the user's browser, the rest is dropped.
  webContents.on('will-navigate', (event) => {
    if (isRendererUrl(event.url, rendererUrl)) return;
    event.preventDefault();
    openExternally(event.url);
  });
  webContents.on('will-redirect', (event) => {
    if (!isRendererUrl(event.url, rendererUrl)) event.preventDefault();
  });
  webContents.setWindowOpenHandler(({ url }) => {
    openExternally(url);
    return { action: 'deny' };
  });
  webContents.on('will-attach-webview', (event) => event.preventDefault());

  win.once('ready-to-show', () => win.show());
  void win.loadFile(paths.indexHtml);
  return win;
}
