import { INTEGRATOR_MEDIA_TYPES } from '@shared/schemas/integrator.schema';
import type { FaultEndpoint } from '@shared/schemas/integrator-sim.schema';
import { parseBody } from '../../core/integrator/options';
import type { ShipmentReply } from '../../core/integrator/fake-integrator';
import type { App } from '../app';
import { JSON_HEADERS, json } from '../json';
import type { Ctx, HttpResponse } from '../router';
import { baseUrlOf } from '../serve';
import { endpoint, type EndpointEnv } from './integrator-endpoint';
import { orderIdOf } from './integrator-gate';

function orderIdOfText(text: string): string | null {
  try {
    return orderIdOf(JSON.parse(text));
  } catch {
    return null;
  }
}

/** 201/200 with `Location: {base_url}/shipment/<id>`, unless the missing_location fault is on. */
function shipmentResponse(
  c: Ctx,
  env: EndpointEnv,
  fault: Extract<FaultEndpoint, 'shipment_create' | 'shipment_update'>,
  status: number,
  r: ShipmentReply,
) {
  c.meta.orderId = r.orderId;
  const omit = env.core.integrator.faults.of(fault).missing_location;
  const location = `${baseUrlOf(c.req.headers, '')}/shipment/${encodeURIComponent(r.shipmentId)}`;
  return json(status, r.body, omit ? {} : { location });
}

/** The shipping integrator API (shipping-integrator-api.md § Endpoints), served by the fake integrator. */
export function integratorRoutes(app: App, env: EndpointEnv): void {
  const { integrator } = env.core;
  const { auth, options, shipment } = INTEGRATOR_MEDIA_TYPES;

  app.route(
    'POST',
    '/auth',
    'integrator.auth',
    endpoint(env, { fault: 'auth', mediaType: auth, bearer: false }, (c, text) => {
      const body = integrator.authenticate(parseBody(text));
      c.meta.outcome = 'token_issued';
      return json(201, body);
    }),
  );

  app.route(
    'POST',
    '/shippingoptions',
    'integrator.shippingoptions',
    endpoint(env, { fault: 'shippingoptions', mediaType: options, bearer: true }, (c, text): HttpResponse => {
      let a;
      try {
        a = integrator.shippingOptions(text);
      } catch (err) {
        c.meta.orderId = orderIdOfText(text); // a refused request still shows under its order
        throw err;
      }
      c.meta.orderId = a.orderId;
      c.meta.requestBody = { text, hash: a.requestHash };
      return { status: 200, headers: JSON_HEADERS, body: a.json, bodyHash: a.hash };
    }),
  );

  app.route(
    'POST',
    '/shipment',
    'integrator.shipment_create',
    endpoint(env, { fault: 'shipment_create', mediaType: shipment, bearer: true }, (c, text) => {
      const body = parseBody(text);
      c.meta.orderId = orderIdOf(body);
      const r = integrator.createShipment(body);
      c.meta.outcome = 'created';
      return shipmentResponse(c, env, 'shipment_create', 201, r);
    }),
  );

  app.route(
    'PUT',
    '/shipment/:shipment_id',
    'integrator.shipment_update',
    endpoint(env, { fault: 'shipment_update', mediaType: shipment, bearer: true }, (c, text) => {
      const body = parseBody(text);
      c.meta.orderId = orderIdOf(body);
      const r = integrator.updateShipment(c.params.shipment_id!, body);
      c.meta.outcome = 'updated';
      return shipmentResponse(c, env, 'shipment_update', 200, r);
    }),
  );

  app.route(
    'GET',
    '/shipment/:shipment_id',
    'integrator.shipment_read',
    endpoint(env, { fault: 'shipment_read', bearer: true }, (c) => {
      const r = integrator.readShipment(c.params.shipment_id!);
      c.meta.orderId = r.orderId;
      return json(200, r.body);
    }),
  );
}
