import { z } from 'zod';
import { controlOps, type OpName } from '@shared/contract/control';
import type { FieldProblem } from '@shared/schemas/common.schema';
import { schemaProblems } from '@shared/rules/schema-problems';
import { invalid } from '../../../core/errors';
import { readJson } from '../../json';
import type { Ctx } from '../../router';
import { DEFAULT_BODY_LIMIT } from '../../serve';
import { bodyMapping, type OpRoute } from './route-table';

type Shape = Record<string, z.ZodType>;

/** Optional, nullable and default wrappers taken off. */
function unwrapped(schema: z.ZodType): z.ZodType {
  let s = schema;
  while (s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodDefault)
    s = s.unwrap() as z.ZodType;
  return s;
}

/** The fields of an operation's input, or null when it is not an object (a record of settings). */
export function inputShape(op: OpName): Shape | null {
  const s = unwrapped(controlOps[op].input);
  return s instanceof z.ZodObject ? (s.shape as Shape) : null;
}

const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** The input field a path or query parameter fills: its own name, or its camelCase form (`order_id` → `orderId`). */
export function fieldOf(shape: Shape | null, name: string): string {
  if (!shape || name in shape) return name;
  return camel(name) in shape ? camel(name) : name;
}

/** A query parameter as the field's type reads it; anything else stays text so the schema names the rule. */
function queryValue(field: z.ZodType | undefined, text: string): unknown {
  const type = field ? unwrapped(field)._zod.def.type : 'string';
  if (type === 'number' && /^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

function bodyOf(c: Ctx, optional: boolean): unknown {
  if (optional && c.req.body === null && !c.req.bodyTooLarge) return undefined;
  return readJson(c.req, DEFAULT_BODY_LIMIT);
}

/** The operation's input from the request: path parameters, then the query (GET) or the body. */
export function opInput(op: OpName, r: OpRoute, c: Ctx): unknown {
  const shape = inputShape(op);
  const mapping = bodyMapping(r);
  if (mapping === 'whole') return bodyOf(c, r.optionalBody === true) ?? {};
  // No prototype: a body's own `__proto__` field stays a field (refused as unknown), where assigning it
  // to a plain object would make it the object's prototype and its contents fields.
  const input: Record<string, unknown> = Object.create(null);
  if (mapping === 'none') {
    for (const [name, text] of new URLSearchParams(c.req.search)) {
      const key = fieldOf(shape, name);
      input[key] = queryValue(shape?.[key], text);
    }
  } else {
    const body = bodyOf(c, r.optionalBody === true);
    if (mapping === 'fields') {
      if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body)))
        throw invalid([{ path: '(body)', message: 'must be a JSON object' }]);
      Object.assign(input, body);
    } else input[mapping.as] = body ?? {};
  }
  for (const [name, value] of Object.entries(c.params)) input[fieldOf(shape, name)] = value;
  return input;
}

/**
 * The operation's input checked with the contract's own schema. Problems name what the caller sent: a
 * field of the body (without the `input.` of a body passed on whole), a path or a query parameter.
 */
export function parseOpInput(op: OpName, r: OpRoute, input: unknown): unknown {
  const parsed = controlOps[op].input.safeParse(input);
  if (parsed.success) return parsed.data ?? {};
  const mapping = bodyMapping(r);
  const field = typeof mapping === 'object' ? mapping.as : null;
  const problems: FieldProblem[] = schemaProblems(parsed.error).map((p) => {
    if (field === null) return p;
    if (p.path === field) return { ...p, path: '(body)' };
    return p.path.startsWith(`${field}.`) || p.path.startsWith(`${field}[`)
      ? { ...p, path: p.path.slice(field.length).replace(/^\./, '') }
      : p;
  });
  throw invalid(problems);
}
