import { z } from 'zod';
import { controlOps, type OpName } from '@shared/contract/control';
import { inputShape } from '../provider/automation/op-input';
import { bodyMapping, type OpRoute } from '../provider/automation/route-table';
import type { BodyDoc, Json, OpDoc, ParamDoc } from './op-types';
import { fail } from './responses';

const PARAM = /:([A-Za-z_]\w*)/g;
const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function unwrapped(schema: z.ZodType): z.ZodType {
  let s = schema;
  while (s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodDefault)
    s = s.unwrap() as z.ZodType;
  return s;
}

/** The input fields the path fills (`:order_id` → `orderId` where the contract spells it so). */
function pathFields(r: OpRoute, shape: Record<string, z.ZodType> | null): Set<string> {
  const names = [...r.path.matchAll(PARAM)].map((m) => m[1]!);
  return new Set(names.map((n) => (shape && !(n in shape) && camel(n) in shape ? camel(n) : n)));
}

/** A query parameter's schema as JSON Schema (the contract's field, optional taken off). */
function paramSchema(field: z.ZodType): Json {
  const { $schema: _s, ...schema } = z.toJSONSchema(unwrapped(field), {
    io: 'input',
    unrepresentable: 'any',
  }) as Json;
  return schema;
}

function queryOf(r: OpRoute, op: OpName): ParamDoc[] {
  if (r.query) return [...r.query];
  const shape = inputShape(op);
  if (!shape) return [];
  const inPath = pathFields(r, shape);
  return Object.entries(shape)
    .filter(([key]) => !inPath.has(key))
    .map(([key, field]) => ({
      name: snake(key),
      description: unwrapped(field).description ?? field.description ?? `The operation’s \`${key}\``,
      schema: paramSchema(field),
    }));
}

/** The body as documented: the schema the service checks it with, or the contract's input less the path. */
function bodyOf(r: OpRoute, op: OpName): BodyDoc | undefined {
  const mapping = bodyMapping(r);
  if (mapping === 'none') return undefined;
  const required = r.optionalBody !== true;
  if (r.bodySchema) return { schema: r.bodySchema, required };
  const input = unwrapped(controlOps[op].input);
  if (mapping === 'whole') return { schema: input, required };
  const shape = inputShape(op);
  if (typeof mapping === 'object') {
    const field = shape?.[mapping.as];
    return field && !(unwrapped(field) instanceof z.ZodUnknown) ? { schema: field, required } : undefined;
  }
  const inPath = pathFields(r, shape);
  if (!shape || !(input instanceof z.ZodObject)) return { schema: input, required };
  if (inPath.size === 0) return { schema: input, required };
  const rest = Object.keys(shape).filter((k) => !inPath.has(k));
  if (rest.length === 0) return undefined;
  const mask = Object.fromEntries(rest.map((k) => [k, true] as const));
  return { schema: input.pick(mask as never) as z.ZodType, required };
}

/** The OpenAPI documentation of a generated route: its texts, and the contract's schemas. */
export function opDocOf(op: OpName, r: OpRoute): OpDoc {
  const output = controlOps[op].output as z.ZodType;
  const nullable = output instanceof z.ZodNullable;
  const query = bodyMapping(r) === 'none' ? queryOf(r, op) : [];
  const body = bodyOf(r, op);
  return {
    method: r.method,
    path: r.path,
    kind: r.kind,
    tag: r.tag,
    summary: r.summary,
    description: `${r.description} Console operation \`${op}\`: the same input and the same answer.`,
    simDefined: true,
    ...(query.length > 0 ? { query } : {}),
    ...(body ? { body } : {}),
    responses: [
      {
        status: r.status ?? 200,
        description: r.answer ?? 'OK',
        schema: nullable ? (output.unwrap() as z.ZodType) : output,
        ...(r.answerHeaders ? { headers: r.answerHeaders } : {}),
      },
      ...(query.length > 0 ? [fail(400, 'BAD_VALUE: a query parameter breaks its rule (named)')] : []),
      ...(r.notFound
        ? [fail(404, `${r.notFound.code ?? 'NOT_FOUND'}: no such ${r.notFound.what.replace(/^an? /, '')}`)]
        : []),
      ...(r.errors ?? []),
    ],
  };
}
