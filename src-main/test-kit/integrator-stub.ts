// An integrator (TMS) on a real loopback socket for the shipping assistant's tests: a well-behaved
// implementation of shipping-integrator-api.md by default, with any route's answer replaceable to misbehave.
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { readJson, StubServer, type StubReply } from './stub-server';

/** The integrator's answer; an object body goes with Content-Type application/json. */
export type IntegratorAnswer = StubReply;

const JSON_TYPE = { 'content-type': 'application/json' };

export interface IntegratorRequest {
  method: string;
  path: string;
  /** The route it matched, e.g. `PUT /shipment/:id`. */
  route: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: Record<string, unknown> | undefined;
  /** `:id` of /shipment/:id. */
  id: string | undefined;
}

type Handler = (req: IntegratorRequest) => IntegratorAnswer;

export const STUB_IDENTIFIER = 'stub-merchant';
export const STUB_KEY = 'stub-key-0123456789';

const loc = (id: string, postal: string, price: number) => ({
  id,
  name: `Pickup ${id}`,
  price,
  address: { street_address: `Gatan ${id}`, postal_code: postal, city: 'Stockholm', country: 'SE' },
  coordinates: { lat: 59.33, lng: 18.06 },
  operational_hours: { default: [{ open: '08:00', close: '20:00' }] },
});

/** Two options: home delivery (timeslot, a required SMS add-on, an e-mail notice on by default, instructions of at most 20 characters) and a pickup point. */
export function stubOptions(preview: boolean, postal = '11350') {
  return [
    {
      id: 'stub-home',
      type: 'delivery-address',
      carrier: 'stubpost',
      name: 'Home delivery',
      price: 6900,
      tax_rate: 2500,
      class: 'standard',
      preview,
      delivery_time: { interval: { earliest: 1, latest: 2 } },
      timeslots: [
        { id: 'ts-evening', start: '2026-01-02T16:00:00Z', end: '2026-01-02T20:00:00Z', price: 1000 },
      ],
      addons: [
        { category: 'notifications', type: 'sms', required: true, default: true },
        { category: 'notifications', type: 'email', required: false, default: true },
        {
          category: 'delivery',
          type: 'additional-instructions',
          required: false,
          default: false,
          max_length: 20,
          price: 500,
        },
      ],
    },
    {
      id: 'stub-point',
      type: 'pickup-point',
      carrier: 'stubpost',
      name: 'Pickup point',
      price: 4900,
      tax_rate: 2500,
      class: 'economy',
      preview,
      locations: [loc(`pt-${postal}-a`, postal, 4900), loc(`pt-${postal}-b`, postal, 3900)],
    },
  ];
}

/** A shipment answer with `parcels` shipments, tracking ids set or empty. */
export const stubShipment = (id: string, tracked: boolean, parcels = 1) => ({
  shipment_id: id,
  selected_shipping_option: {
    carrier: 'stubpost',
    carrier_product: { name: 'Stubpost Home', identifier: 'SP-HOME', addon_identifiers: ['SP-SMS'] },
  },
  shipments: Array.from({ length: parcels }, (_, i) => ({
    carrier: 'stubpost',
    tracking_id: tracked ? `TRK${i}-${id}` : '',
  })),
});

/** An integrator stub: auth with the spec's digest, tokens, options by recipient, shipments with tracking. */
export class IntegratorStub extends StubServer {
  readonly requests: IntegratorRequest[] = [];
  readonly tokens = new Set<string>();
  /** GET /shipment/:id answers tracking ids from this many reads on (Infinity: never). */
  tracksAfterReads = 2;
  private issued = 0;
  private shipments = 0;
  private reads = 0;
  private readonly overrides = new Map<string, Handler>();

  protected received(req: IncomingMessage, body: string, res: ServerResponse): void {
    const r = this.requestOf(req.method ?? 'GET', req.url ?? '/', req.headers, body);
    this.requests.push(r);
    const answer = (this.overrides.get(r.route) ?? ((x: IntegratorRequest) => this.standard(x)))(r);
    this.reply(res, answer, typeof answer.body === 'object' ? JSON_TYPE : {});
  }

  /** Replaces a route's answer: `POST /auth`, `POST /shippingoptions`, `POST /shipment`, `PUT /shipment/:id`, `GET /shipment/:id`. */
  on(route: string, answer: IntegratorAnswer | Handler): this {
    this.overrides.set(route, typeof answer === 'function' ? answer : () => answer);
    return this;
  }

  /** Back to the well-behaved answer. */
  reset(route: string): this {
    this.overrides.delete(route);
    return this;
  }

  to(route: string): IntegratorRequest[] {
    return this.requests.filter((r) => r.route === route);
  }

  private requestOf(
    method: string,
    url: string,
    headers: IncomingHttpHeaders,
    body: string,
  ): IntegratorRequest {
    const path = url.split('?')[0]!;
    const m = /^\/shipment\/([^/]+)$/.exec(path);
    const json = readJson<Record<string, unknown>>(body);
    const route = `${method} ${m ? '/shipment/:id' : path}`;
    return { method, path, route, headers, body, json, id: m ? decodeURIComponent(m[1]!) : undefined };
  }

  private authorized(r: IntegratorRequest): boolean {
    const token = /^Bearer (.+)$/.exec(r.headers.authorization ?? '')?.[1];
    return token !== undefined && this.tokens.has(token);
  }

  /** The well-behaved integrator. */
  private standard(r: IntegratorRequest): IntegratorAnswer {
    if (r.route === 'POST /auth') return this.auth(r);
    if (!this.authorized(r)) return { status: 401, body: { failure_reason: 'invalid_token' } };
    const location = (id: string) => ({ location: `${this.base}/shipment/${id}` });
    switch (r.route) {
      case 'POST /shippingoptions': {
        const rec = (r.json?.recipient ?? {}) as Record<string, string>;
        const full = Boolean(rec.street_address && rec.city && rec.postal_code);
        return { body: { shipping_options: stubOptions(!full, rec.postal_code ?? '11350') } };
      }
      case 'POST /shipment': {
        const id = `shp-${++this.shipments}`;
        return { status: 201, headers: location(id), body: stubShipment(id, false) };
      }
      case 'PUT /shipment/:id':
        return { status: 200, headers: location(r.id!), body: stubShipment(r.id!, false) };
      case 'GET /shipment/:id':
        return { body: stubShipment(r.id!, ++this.reads >= this.tracksAfterReads) };
      default:
        return { status: 404, body: { failure_reason: 'not_found' } };
    }
  }

  private auth(r: IntegratorRequest): IntegratorAnswer {
    const body = r.json as { identifier?: string; secret?: { nonce?: string; digest?: string } } | undefined;
    const nonce = body?.secret?.nonce ?? '';
    const want = createHash('sha256')
      .update(nonce + STUB_KEY)
      .digest('hex');
    if (body?.identifier !== STUB_IDENTIFIER || body.secret?.digest?.toLowerCase() !== want)
      return { status: 401 };
    const token = `tok-${++this.issued}`;
    this.tokens.add(token);
    return { status: 201, body: { token } };
  }
}
