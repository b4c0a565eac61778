// The shop's route table: each route one line of method, path and what it is, and a named handler.
// A merchant reading the shop finds every page and form it serves in one list (server.mjs).

/** One route: `handler(req, res, session, body, url)` answers it; `about` says what it is. */
export function route(method, path, about, handler) {
  return { method, path, about, handler };
}

/** Finds the route of a request by method and exact path; null when the shop has none. */
export function routeTable(routes) {
  const byKey = new Map(routes.map((r) => [`${r.method} ${r.path}`, r]));
  return (method, path) => byKey.get(`${method} ${path}`) ?? null;
}
