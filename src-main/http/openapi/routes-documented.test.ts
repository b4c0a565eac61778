import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../core/create-core';
import { tempCore } from '../../test-support/temp-core';
import type { App } from '../app';
import { integratorApp } from '../integrator/integrator-app';
import { providerApp } from '../provider/provider-app';
import { openApiDocument, type DocumentName } from './document';
import type { Json } from './op-types';
import { openApiPath } from './operation';

let env: ReturnType<typeof tempCore>;
beforeEach(() => {
  env = tempCore();
});
afterEach(() => env.dispose());

interface DocumentedOp {
  method: string;
  path: string;
  operationId: string;
}

function documentedOps(name: DocumentName): DocumentedOp[] {
  const paths = openApiDocument(name).paths as Record<string, Record<string, Json>>;
  return Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      operationId: op.operationId as string,
    })),
  );
}

const LISTENERS: [DocumentName, (core: Core) => App][] = [
  ['provider', (core) => providerApp(core)],
  ['integrator', (core) => integratorApp(core)],
];

describe.each(LISTENERS)('the %s listener', (name, build) => {
  it('documents every route registered on the live app, with its kind as the operation id', () => {
    const routes = build(env.core).router.routes();
    expect(routes.length).toBeGreaterThan(0);
    const documented = documentedOps(name).map((o) => `${o.method} ${o.path} ${o.operationId}`);
    const registered = routes.map((r) => `${r.method} ${openApiPath(r.pattern)} ${r.kind}`);
    // A route added without documentation shows up here by name.
    expect(registered.filter((r) => !documented.includes(r))).toEqual([]);
  });

  it('documents nothing the live app does not serve', () => {
    const app = build(env.core);
    for (const op of documentedOps(name)) {
      const m = app.router.match(op.method, op.path.replace(/\{[^}]+\}/g, 'sample-id'));
      expect(m.found ? m.route.kind : `no route for ${op.method} ${op.path}`).toBe(op.operationId);
    }
  });
});
