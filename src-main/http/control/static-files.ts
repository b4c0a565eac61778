import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  // The spec documents (docs/spec), shown as the text they are.
  '.md': 'text/plain; charset=utf-8',
};

/** Reads a file of the built console, refusing anything outside its folder. Null when absent. */
export async function readStatic(
  root: string,
  urlPath: string,
): Promise<{ type: string; body: Buffer } | null> {
  let rel: string;
  try {
    rel = decodeURIComponent(urlPath === '/' ? '/index.html' : urlPath);
  } catch {
    return null;
  }
  const file = normalize(join(root, rel));
  if (!file.startsWith(root.endsWith(sep) ? root : root + sep)) return null;
  try {
    return { type: TYPES[extname(file)] ?? 'application/octet-stream', body: await readFile(file) };
  } catch {
    return null;
  }
}
