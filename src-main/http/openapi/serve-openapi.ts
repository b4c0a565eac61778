import type { Routes } from '../define-operation';
import { baseUrlOf } from '../serve';
import { DOCS_ROUTE, OPENAPI_PATH } from './docs-op';
import { openApiDocument, PLACEHOLDER_URLS, type DocumentName } from './document';

export { OPENAPI_PATH };

const MAX_CACHED = 16;

/**
 * `GET /openapi.json` on a listener: its document, naming the base URL the client used as its server.
 * The text is kept per base URL (a handful at most: the Host header), so only the first call builds it.
 */
export function openApiRoute(app: Routes, name: DocumentName): void {
  const cache = new Map<string, string>();
  app.route(DOCS_ROUTE.method, DOCS_ROUTE.path, DOCS_ROUTE.kind, (c) => {
    const base = baseUrlOf(c.req, PLACEHOLDER_URLS[name]);
    let body = cache.get(base);
    if (body === undefined) {
      if (cache.size >= MAX_CACHED) cache.clear();
      body = JSON.stringify(openApiDocument(name, base));
      cache.set(base, body);
    }
    c.meta.outcome = 'served';
    // Documentation is no secret: any page (an OpenAPI viewer) may read it.
    return {
      status: 200,
      headers: { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' },
      body,
    };
  });
}
