import { DEFAULT_PORTS } from '@shared/schemas/config.schema';
import { VERSION } from '../../core/version';
import { PROVIDER_APIS } from '../provider/provider-operations';
import { checkoutApi, integratorApi } from './apis';
import { INTEGRATOR_API } from '../integrator/integrator-operations';
import { CONTROL_API, controlApi } from '../control/control-operations';
import { CHECKOUT_API, checkoutJsonApi } from '../customer/checkout-operations';
import { CHECKOUT_PAGES } from '../customer/checkout-pages';
import { COMPONENTS } from './components';
import { docsOp, OPENAPI_PATH } from './docs-op';
import { MERCHANT_WEBHOOKS } from './merchant-webhooks';
import type { ApiDoc, Json, WebhookDoc } from './op-types';
import { openApiPath, operationOf, schemasOfApi, webhookOf } from './operation';
import { pruneComponents } from './prune';
import { SchemaCatalog } from './schema-catalog';
import { SIM_FLAG, SIM_PREFIX, simMarker } from './sim-defined';
import { TAG_TEXT } from './tags';

export { OPENAPI_PATH };

/**
 * The listeners with an API: the provider's (merchant-facing), the built-in fake integrator, the
 * console's control API and the embedded checkout's.
 */
export type DocumentName = 'provider' | 'integrator' | 'control' | 'checkout';

/** The server a document names when it is not served (the CLI): the default listeners. */
export const PLACEHOLDER_URLS: Record<DocumentName, string> = {
  provider: `http://127.0.0.1:${DEFAULT_PORTS.api}`,
  integrator: `http://127.0.0.1:${DEFAULT_PORTS.integrator}`,
  control: `http://127.0.0.1:${DEFAULT_PORTS.console}`,
  checkout: `http://127.0.0.1:${DEFAULT_PORTS.checkout}`,
};

const MARKER_TEXT = `Operations, answers and schemas marked \`${SIM_FLAG}: true\` (their description starts with "${SIM_PREFIX}") are defined by the simulator, not by the real service: do not build production code on them.`;

interface Source {
  title: string;
  description: string;
  apis: readonly ApiDoc[];
  webhooks: readonly WebhookDoc[];
  securitySchemes: Json;
  security: Json[];
}

const SOURCES: Record<DocumentName, () => Source> = {
  provider: () => ({
    title: 'Checkout Simulator: provider APIs',
    description: `The APIs the simulated checkout service serves to the merchant's server (checkout, order management, in-person payments, elements clients), the simulator's automation API under \`/test_helpers\`, and, as webhooks, the callbacks it makes to the merchant. ${MARKER_TEXT}`,
    apis: [...PROVIDER_APIS.map((api) => api.describe()), checkoutApi([docsOp('the provider APIs')])],
    webhooks: MERCHANT_WEBHOOKS,
    securitySchemes: { basicAuth: { type: 'http', scheme: 'basic' } },
    security: [{ basicAuth: [] }],
  }),
  integrator: () => ({
    title: 'Checkout Simulator: built-in fake integrator',
    description: `The shipping integrator API (a TMS, shipping-integrator-api.md) as the simulator's built-in fake integrator serves it; the shipping assistant calls an integrator with the same requests. ${MARKER_TEXT}`,
    apis: [INTEGRATOR_API.describe(), integratorApi([docsOp('the fake integrator')])],
    webhooks: [],
    securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'From POST /auth' } },
    security: [{ bearerAuth: [] }],
  }),
  control: () => ({
    title: 'Checkout Simulator: console control API',
    description: `The control contract as the console calls it in a browser (Electron's window carries the same operations over IPC): one operation per call, and the console's events as server-sent events. No credentials: only this machine's names in Host, and the console's own Origin. ${MARKER_TEXT}`,
    apis: [CONTROL_API.describe(), controlApi([docsOp('the console’s control API')])],
    webhooks: [],
    securitySchemes: {},
    security: [],
  }),
  checkout: () => ({
    title: 'Checkout Simulator: embedded checkout',
    description: `What the customer's browser calls: the checkout page inside the merchant's iframe, the script its html_snippet loads, and the page's small JSON API under \`/kco/api\`, reached with the order's customer token (\`Authorization: KlarnaCheckout <token>\` or \`?token=\`), never with the merchant's credentials. Every step runs the same customer steps as the console and \`/test_helpers\`. ${MARKER_TEXT}`,
    apis: [
      CHECKOUT_API.describe(),
      CHECKOUT_PAGES.describe(),
      checkoutJsonApi([docsOp('the embedded checkout')]),
    ],
    webhooks: [],
    securitySchemes: {
      customerToken: { type: 'http', scheme: 'KlarnaCheckout', description: 'The order’s customer token' },
    },
    security: [{ customerToken: [] }],
  }),
};

/** Tag Objects in order of first use; a tag whose every operation is simulator-defined is marked. */
function tagsOf(ops: Json[]): Json[] {
  const byTag = new Map<string, boolean>();
  for (const op of ops) {
    const tag = (op.tags as string[])[0]!;
    byTag.set(tag, (byTag.get(tag) ?? true) && op[SIM_FLAG] === true);
  }
  return [...byTag].map(([name, sim]) => {
    const text = TAG_TEXT[name] ?? name;
    return { name, ...(sim ? simMarker(text) : { description: text }) };
  });
}

function build(name: DocumentName): Json {
  const src = SOURCES[name]();
  const catalog = new SchemaCatalog(COMPONENTS);
  for (const s of src.apis.flatMap(schemasOfApi)) catalog.add(s);
  for (const w of src.webhooks) {
    for (const s of [w.body, ...w.responses.map((r) => r.schema)]) if (s) catalog.add(s);
  }
  const paths: Record<string, Record<string, Json>> = {};
  for (const api of src.apis) {
    for (const op of api.ops) {
      const item = (paths[openApiPath(op.path)] ??= {});
      item[op.method.toLowerCase()] = operationOf(op, api, catalog);
    }
  }
  const webhooks = Object.fromEntries(src.webhooks.map((w) => [w.name, webhookOf(w, catalog)]));
  const operations = [
    ...Object.values(paths).flatMap((item) => Object.values(item)),
    ...Object.values(webhooks).map((item) => item.post as Json),
  ];
  const doc: Json = {
    openapi: '3.1.0',
    info: { title: src.title, version: VERSION, description: src.description },
    servers: [],
    tags: tagsOf(operations),
    security: src.security,
    paths,
    ...(src.webhooks.length > 0 ? { webhooks } : {}),
    components: { schemas: catalog.components(), securitySchemes: src.securitySchemes },
  };
  return pruneComponents(doc);
}

const built = new Map<DocumentName, Json>();

/**
 * The OpenAPI 3.1 document of one listener, generated from the same operation declarations the router
 * registers and the shared zod schemas (built once), with `serverUrl` as its server.
 */
export function openApiDocument(name: DocumentName, serverUrl = PLACEHOLDER_URLS[name]): Json {
  let doc = built.get(name);
  if (!doc) built.set(name, (doc = build(name)));
  const description = serverUrl === PLACEHOLDER_URLS[name] ? 'The default address' : 'This simulator';
  return { ...doc, servers: [{ url: serverUrl, description }] };
}
