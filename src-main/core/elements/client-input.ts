import type { z } from 'zod';
import {
  ExpressConfigSchema,
  type Client,
  type ExpressConfig,
  type Placement,
} from '@shared/schemas/elements.schema';
import { checkOrigins, originFlags } from '@shared/rules/origins';
import { schemaProblems } from '@shared/rules/schema-problems';
import type { ElementsClientRow } from '../../store/elements-clients.repo';
import { invalid, SimFailure } from '../errors';
import { mergePatch } from './merge-patch';

/** What the store keeps of a client besides its key columns. */
export interface ClientDoc {
  name: string;
  allowed_origins: string[];
  placements: Placement[];
}

export const CLIENT_NOT_FOUND = 'CLIENT_NOT_FOUND';
export const ARGUMENT_NOT_VALID = 'ARGUMENT_NOT_VALID';
export const ORIGIN_NOT_ALLOWED = 'ORIGIN_NOT_ALLOWED';

/** The client as the API returns it. */
export function toClient(row: ElementsClientRow): Client {
  const doc = JSON.parse(row.doc) as ClientDoc;
  return {
    id: row.id,
    merchant_id: row.merchant_id,
    name: doc.name,
    allowed_origins: doc.allowed_origins,
    placements: doc.placements,
    origin_flags: originFlags(doc.allowed_origins),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Parses with a schema or throws ARGUMENT_NOT_VALID naming each field. */
export function parseOrRefuse<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw invalid(schemaProblems(parsed.error), ARGUMENT_NOT_VALID);
  return parsed.data;
}

/** Normalizes a list of origins or throws ORIGIN_NOT_ALLOWED naming each bad entry. */
export function originsOrRefuse(list: readonly string[]): string[] {
  const { origins, problems } = checkOrigins(list);
  if (problems.length > 0) throw invalid(problems, ORIGIN_NOT_ALLOWED);
  return origins;
}

export const clientNotFound = (id: string): SimFailure =>
  new SimFailure('not_found', CLIENT_NOT_FOUND, `client '${id}' was not found`);

/**
 * Which placement the express endpoints address: the one named by `placement_key` (created when new),
 * else the client's only placement, else a new `express` placement when it has none. With several
 * placements and no key the request is ambiguous and refused.
 */
export function placementIndex(placements: Placement[], key: string | undefined): number {
  if (key !== undefined) {
    if (!/^[A-Za-z0-9_.-]{1,100}$/.test(key)) {
      throw invalid(
        [{ path: 'placement_key', message: 'must be 1–100 letters, digits, dots, dashes or underscores' }],
        ARGUMENT_NOT_VALID,
      );
    }
    const i = placements.findIndex((p) => p.key === key);
    return i >= 0 ? i : placements.push({ key, content: [] }) - 1;
  }
  if (placements.length === 1) return 0;
  if (placements.length === 0) return placements.push({ key: 'express', content: [] }) - 1;
  throw invalid(
    [
      {
        path: 'placement_key',
        message: `is required when the client has several placements (${placements.map((p) => p.key).join(', ')})`,
      },
    ],
    ARGUMENT_NOT_VALID,
  );
}

/**
 * The express configuration after a PUT (`patch` false: the body replaces it) or a PATCH (a JSON merge
 * patch on the current one). The result is validated as a whole; null means the configuration is removed.
 */
export function nextExpress(
  current: ExpressConfig | undefined,
  body: unknown,
  patch: boolean,
): ExpressConfig | null {
  const next = patch ? mergePatch(current, body) : body;
  if (patch && next === null) return null;
  return parseOrRefuse(ExpressConfigSchema, next);
}
