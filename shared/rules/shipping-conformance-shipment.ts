import { ShipmentResponseSchema, type ShipmentResponse } from '../schemas/integrator.schema';
import type { Violation } from '../schemas/exchange.schema';
import type { RawAnswer } from './callback-answers';
import {
  contentTypeViolation,
  failureReasonOf,
  parseObject,
  schemaViolations,
  SPEC,
  transportProblem,
} from './shipping-conformance-common';

/*
 * Checks of the answers to POST /shipment, PUT /shipment/{id} and GET /shipment/{id}
 * (shipping-integrator-api.md § Endpoints, § Shipment response body; GAPS.md for the status codes).
 */

export type ShipmentOp = 'create' | 'update' | 'read';

const CALL: Record<ShipmentOp, { name: string; status: number; rule: string }> = {
  create: { name: 'POST /shipment', status: 201, rule: SPEC.createShipment },
  update: { name: 'PUT /shipment/{shipment_id}', status: 200, rule: SPEC.updateShipment },
  read: { name: 'GET /shipment/{shipment_id}', status: 200, rule: SPEC.readShipment },
};

export type ShipmentJudgement =
  | { ok: true; shipment: ShipmentResponse; location: string | null; violations: Violation[] }
  | {
      ok: false;
      /** The integrator's failure_reason, or what went wrong, in plain words: shown to the customer. */
      reason: string;
      /** 401: the token was refused; the caller re-authenticates once. */
      retry: boolean;
      /** 404: the shipment is unknown to the integrator (a later pay creates a new one). */
      notFound: boolean;
      violations: Violation[];
    };

const fail = (
  reason: string,
  violations: Violation[] = [],
  extra: { retry?: boolean; notFound?: boolean } = {},
) => ({
  ok: false as const,
  reason,
  retry: extra.retry ?? false,
  notFound: extra.notFound ?? false,
  violations,
});

export interface ShipmentContext {
  baseUrl: string;
  timeoutMs: number;
  /** The id an update or read is about: the answer must carry the same one. */
  shipmentId?: string;
}

/** 4xx and 5xx: the failure_reason when given (GAPS.md error body), flagged when missing. */
function errorAnswer(a: RawAnswer, op: ShipmentOp): ShipmentJudgement {
  const c = CALL[op];
  const status = a.status!;
  if (status === 401) return fail(`${c.name} answered 401: the token was refused`, [], { retry: true });
  const why = failureReasonOf(a.body);
  const violations: Violation[] =
    status < 500 && why === null
      ? [
          {
            rule: SPEC.gaps,
            path: '(body)',
            message: `${c.name} answered ${status} without {"failure_reason": "…"}; the shipping assistant shows the failure_reason to the customer`,
          },
        ]
      : [];
  const reason = why ?? `${c.name} answered ${status}`;
  return fail(reason, violations, { notFound: status === 404 });
}

/** Spec: `Location: {base_url}/shipment/<shipment_id>` on POST and PUT; null when fine, else a violation. */
export function locationViolation(
  location: string,
  id: string,
  ctx: ShipmentContext,
  rule: string,
): Violation | null {
  let resolved: string;
  try {
    resolved = new URL(location, `${ctx.baseUrl.replace(/\/+$/, '')}/`).href;
  } catch {
    resolved = location;
  }
  const want = `${ctx.baseUrl.replace(/\/+$/, '')}/shipment/${encodeURIComponent(id)}`;
  if (resolved === want) return null;
  return {
    rule,
    path: 'headers.location',
    message: `Location is '${location}'; it should be '${want}' ({base_url}/shipment/<shipment_id>)`,
  };
}

/** What a 2xx answer holds: the shipment, and for POST and PUT the Location header that confirms it. */
function successAnswer(a: RawAnswer, op: ShipmentOp, ctx: ShipmentContext): ShipmentJudgement {
  const c = CALL[op];
  const violations: Violation[] = [];
  if (a.status !== c.status)
    violations.push({
      rule: op === 'create' ? c.rule : SPEC.gaps,
      path: '(status)',
      message: `${c.name} answered ${a.status}; it answers ${c.status}${op === 'create' ? ' Created' : ''} on success`,
    });
  const type = contentTypeViolation(a, SPEC.resources);
  if (type) violations.push(type);
  const parsed = parseObject(a.body);
  if ('problem' in parsed)
    return fail(`${c.name}: ${parsed.problem}`, [
      ...violations,
      {
        rule: SPEC.shipmentBody,
        path: '(body)',
        message: `${parsed.problem}; answer the shipment as one JSON object`,
      },
    ]);
  const r = ShipmentResponseSchema.safeParse(parsed.value);
  if (!r.success) {
    const v = [...violations, ...schemaViolations(r.error, parsed.value, SPEC.shipmentBody)];
    return fail(`${c.name}: the answer does not match the spec (${v.map((x) => x.path).join(', ')})`, v);
  }
  const shipment = r.data;
  if (ctx.shipmentId !== undefined && shipment.shipment_id !== ctx.shipmentId)
    violations.push({
      rule: c.rule,
      path: 'shipment_id',
      message: `${c.name} for shipment '${ctx.shipmentId}' answered shipment_id '${shipment.shipment_id}'; the id stays the same`,
    });
  const location = a.headers.location ?? null;
  if (op !== 'read') {
    if (location === null)
      return fail(`${c.name} answered without a Location header, so the shipment is not confirmed`, [
        ...violations,
        {
          rule: c.rule,
          path: 'headers.location',
          message: `${c.name} answered ${a.status} without a Location header; the shipment id and Location: {base_url}/shipment/<shipment_id> together confirm that the shipment exists`,
        },
      ]);
    const lv = locationViolation(location, shipment.shipment_id, ctx, c.rule);
    if (lv) violations.push(lv);
  }
  return { ok: true, shipment, location, violations };
}

/** Judges a /shipment answer: confirmed (with the shipment) or failed with the reason shown to the customer. */
export function judgeShipmentAnswer(a: RawAnswer, op: ShipmentOp, ctx: ShipmentContext): ShipmentJudgement {
  const t = transportProblem(a, ctx.timeoutMs, CALL[op].name);
  if (t) return fail(t.reason);
  if (a.status! >= 200 && a.status! < 300) return successAnswer(a, op, ctx);
  return errorAnswer(a, op);
}

/** The outcome recorded on a shipment exchange. */
export function shipmentOutcome(j: ShipmentJudgement, op: ShipmentOp): string {
  if (j.ok)
    return op === 'read'
      ? trackingComplete(j.shipment)
        ? 'tracking_complete'
        : 'tracking_pending'
      : op === 'create'
        ? 'created'
        : 'updated';
  return j.retry ? 'token_refused' : j.notFound ? 'not_found' : 'failed';
}

/** Spec § GET /shipment: tracking is complete when every shipment has a tracking_id. */
export function trackingComplete(s: ShipmentResponse): boolean {
  return (
    s.shipments.length > 0 &&
    s.shipments.every((x) => typeof x.tracking_id === 'string' && x.tracking_id !== '')
  );
}
