import type { Io, SchemaCatalog } from './schema-catalog';
import type { ApiDoc, Json, OpDoc, ParamDoc, ResponseDoc, WebhookDoc } from './op-types';
import { simMarker } from './sim-defined';

/** What each path parameter of the operations' paths names. */
const PATH_PARAMS: Record<string, string> = {
  order_id: 'The checkout order’s id (order management uses the same id)',
  capture_id: 'The capture’s id (the Capture-Id header of its creation)',
  refund_id: 'The refund’s id (the Refund-Id header of its creation)',
  id: 'The device’s id',
  session_id: 'The payment session’s id',
  clientId: 'The client’s id',
  shipment_id: 'The shipment’s id (from POST /shipment)',
  run: 'A conformance run’s id; with `.json` or `.xml` appended, the scorecard as a file',
  device_id: 'The device’s id',
  client_id: 'The elements client’s id',
  action: 'What the customer does at the terminal: `tap_card`, `wrong_pin`, `decline` or `walk_away`',
  endpoint:
    'The fake integrator’s endpoint: `auth`, `shippingoptions`, `shipment_create`, `shipment_update` or `shipment_read`',
  exchange_id: 'A recorded exchange’s id (`ex_…`)',
  file: 'A file of the built embedded checkout (`frame.js`, `frame.css`, …)',
  op: 'An operation of the control contract (`orders.list`, `session.create`, …)',
};

const PARAM = /:([A-Za-z_]\w*)/g;

/** The router's `/orders/:order_id` as OpenAPI's `/orders/{order_id}`. */
export const openApiPath = (pattern: string): string => pattern.replace(PARAM, '{$1}');

/** Every schema an API's operations use, for the catalog to convert before the document is built. */
export function schemasOfApi(api: ApiDoc) {
  const responses = (op: OpDoc) => [...op.responses, ...api.bodyErrors, ...api.commonErrors];
  return [
    api.errorSchema,
    ...api.ops.flatMap((op) => [op.body?.schema, ...responses(op).map((r) => r.schema)]),
  ].filter((s) => s !== undefined);
}

function parameter(p: ParamDoc, where: 'query' | 'header' | 'path'): Json {
  return {
    name: p.name,
    in: where,
    description: p.description,
    required: where === 'path' || p.required === true,
    schema: p.schema ?? { type: 'string' },
  };
}

function parametersOf(op: OpDoc): Json[] {
  const path = [...op.path.matchAll(PARAM)].map((m) =>
    parameter({ name: m[1]!, description: PATH_PARAMS[m[1]!] ?? m[1]! }, 'path'),
  );
  return [
    ...path,
    ...(op.query ?? []).map((p) => parameter(p, 'query')),
    ...(op.headers ?? []).map((p) => parameter(p, 'header')),
  ];
}

/** One Response Object; a body is the response's own schema or the API's error shape. */
function responseObject(r: ResponseDoc, catalog: SchemaCatalog, io: Io, api?: ApiDoc): Json {
  const body = r.error && api ? api.errorSchema : r.schema;
  const types = r.error && api ? [api.errorMediaType] : (r.mediaTypes ?? ['application/json']);
  const out: Json = r.simDefined ? simMarker(r.description) : { description: r.description };
  if (body) out.content = Object.fromEntries(types.map((t) => [t, { schema: catalog.use(body, io) }]));
  if (r.headers) {
    out.headers = Object.fromEntries(
      Object.entries(r.headers).map(([name, description]) => [
        name,
        { description, schema: { type: 'string' } },
      ]),
    );
  }
  return out;
}

/** Two answers with one status as one: both descriptions; simulator-defined only if both are. */
function merged(a: Json, b: Json): Json {
  const out: Json = { ...b, ...a, description: `${a.description as string}; ${b.description as string}` };
  if (a.content || b.content) out.content = { ...(b.content as Json), ...(a.content as Json) };
  if (a['x-sim-defined'] !== true || b['x-sim-defined'] !== true) delete out['x-sim-defined'];
  return out;
}

/**
 * The Responses Object: answers with the same status are merged (their descriptions joined, their
 * media types side by side), so an operation's own 400 and the API's body errors read as one.
 */
function responsesOf(list: readonly ResponseDoc[], catalog: SchemaCatalog, io: Io, api?: ApiDoc): Json {
  const out: Record<string, Json> = {};
  for (const r of list) {
    const key = String(r.status);
    const next = responseObject(r, catalog, io, api);
    const prior = out[key];
    if (!prior) {
      out[key] = next;
      continue;
    }
    out[key] = merged(prior, next);
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

/** The Operation Object of one declared operation. */
export function operationOf(op: OpDoc, api: ApiDoc, catalog: SchemaCatalog): Json {
  const params = parametersOf(op);
  const answers = [
    ...op.responses,
    ...(op.body ? api.bodyErrors : []),
    ...(op.public ? [] : api.commonErrors),
  ];
  const out: Json = {
    operationId: op.kind,
    tags: [op.tag],
    summary: op.summary,
    ...(op.simDefined
      ? simMarker(op.description ?? op.summary)
      : op.description
        ? { description: op.description }
        : {}),
  };
  if (params.length > 0) out.parameters = params;
  if (op.body) {
    const types = op.body.mediaTypes ?? api.requestMediaTypes;
    const schema = catalog.use(op.body.schema, 'input');
    out.requestBody = {
      required: op.body.required ?? true,
      ...(op.body.description ? { description: op.body.description } : {}),
      content: Object.fromEntries(types.map((t) => [t, { schema }])),
    };
  }
  out.responses = responsesOf(answers, catalog, 'output', api);
  if (op.public) out.security = [];
  return out;
}

/** A webhook's Path Item: the simulator sends the body (output) and reads the answer (input). */
export function webhookOf(w: WebhookDoc, catalog: SchemaCatalog): Json {
  const post: Json = {
    operationId: `callback.${w.name}`,
    tags: [w.simDefined ? 'Callbacks (simulator-defined)' : 'Callbacks'],
    summary: w.summary,
    ...(w.simDefined ? simMarker(w.description) : { description: w.description }),
  };
  if (w.body) {
    post.requestBody = {
      required: true,
      content: { 'application/json': { schema: catalog.use(w.body, 'output') } },
    };
  }
  post.responses = responsesOf(w.responses, catalog, 'input');
  return { post };
}
