import type { z } from 'zod';
import type { OpName, OpOutput } from '@shared/contract/control';
import type { HttpMethod, ParamDoc, ResponseDoc } from '../../openapi/op-types';

/**
 * How a request becomes an operation's input. Path parameters always fill the input's field of the same
 * name (`:order_id` fills `orderId` where the contract spells it so); a GET's query parameters fill the
 * others. The body then: `fields` (its fields beside the path's), `whole` (it is the whole input), or
 * `{as}` (it is one field of the input, as a step's customer input is `input`).
 */
export type BodyMapping = 'none' | 'fields' | 'whole' | { as: string };

/** An automation route generated from a control operation: same input schema, same answer. */
export interface OpRoute<K extends OpName = OpName> {
  method: HttpMethod;
  /** The router's pattern, `:name` for path parameters. */
  path: string;
  /** The exchange log's kind and the OpenAPI operation id. */
  kind: string;
  /** Defaults: `none` for GET and DELETE, `fields` otherwise. */
  body?: BodyMapping;
  /** The body may be left out (read as `{}`). */
  optionalBody?: boolean;
  /** 200 unless the operation creates something (201). */
  status?: 200 | 201;
  /** Response headers made from the answer (a Location). */
  headers?: (out: OpOutput<K>) => Record<string, string>;
  /** The exchange's outcome; by default the answer's own `outcome` field, if it has one. */
  outcome?: (out: OpOutput<K>) => string | null;
  /** When the operation answers null: 404 with this code (default NOT_FOUND) naming `what` and the id. */
  notFound?: { what: string; code?: string };

  // Documentation (the OpenAPI document is generated from these and the contract's schemas).
  tag: string;
  summary: string;
  description: string;
  /** The schema the service checks the body with, where the contract passes it on as `unknown`. */
  bodySchema?: z.ZodType;
  /** The success answer's description. */
  answer?: string;
  /** Headers of the success answer, documented. */
  answerHeaders?: Readonly<Record<string, string>>;
  errors?: readonly ResponseDoc[];
  /** Query parameters, when the contract's own field names and types are not enough. */
  query?: readonly ParamDoc[];
}

/** A route written by hand that serves the operation, and how its answer differs from the operation's. */
export interface OwnRoute {
  own: { method: HttpMethod; path: string; kind: string };
  differs: string;
}

/** An operation without an automation route, and why a script has no use for it. */
export interface ConsoleOnly {
  consoleOnly: string;
}

export type Coverage<K extends OpName> = OpRoute<K> | OwnRoute | ConsoleOnly;

/** How every operation of a part of the contract is reached from the provider API. */
export type CoverageOf<Ops> = { [K in keyof Ops & OpName]: Coverage<K> };

export const isOpRoute = (c: Coverage<OpName>): c is OpRoute => 'method' in c;
export const isOwnRoute = (c: Coverage<OpName>): c is OwnRoute => 'own' in c;
export const isConsoleOnly = (c: Coverage<OpName>): c is ConsoleOnly => 'consoleOnly' in c;

/** The body mapping a route uses, its defaults applied. */
export function bodyMapping(r: OpRoute): BodyMapping {
  return r.body ?? (r.method === 'GET' || r.method === 'DELETE' ? 'none' : 'fields');
}

/** Automation tags of the generated routes, beside the hand-written ones' (openapi/tags.ts). */
export const TAGS = {
  steps: 'Automation: customer steps',
  orders: 'Automation: orders',
  after: 'Automation: after the purchase',
  clock: 'Automation: clock',
  fake: 'Automation: fake integrator',
  assistant: 'Automation: shipping assistant',
  terminals: 'Automation: in-person terminals',
  elements: 'Automation: elements clients',
  simulator: 'Automation: simulator',
  faults: 'Automation: merchant faults',
  testClocks: 'Automation: test clocks',
} as const;
