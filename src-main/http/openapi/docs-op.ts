import { z } from 'zod';
import type { OpDoc } from './op-types';

export const OPENAPI_PATH = '/openapi.json';
export const DOCS_TAG = 'Documentation';

/** An OpenAPI document, as far as its answer's schema needs to say. */
const DocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

/** Where a listener serves its own document (serve-openapi.ts registers it, docsOp describes it). */
export const DOCS_ROUTE = { method: 'GET', path: OPENAPI_PATH, kind: 'openapi' } as const;

/** `GET /openapi.json` on a listener: its own document, without authentication. */
export function docsOp(what: string): OpDoc {
  return {
    ...DOCS_ROUTE,
    tag: DOCS_TAG,
    summary: `This OpenAPI 3.1 document of ${what}`,
    description: 'the document itself, generated from the route tables and schemas; no authentication.',
    simDefined: true,
    public: true,
    responses: [{ status: 200, description: 'The document', schema: DocumentSchema }],
  };
}
