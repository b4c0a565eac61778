import { ShipmentResponseSchema, type ShipmentResponse } from '../schemas/integrator.schema';
import type { RawAnswer } from './callback-answers';
import {
  contentTypeViolation,
  groupedSchemaMessages,
  parseObject,
  SPEC,
} from './shipping-conformance-common';
import {
  answered,
  fail,
  listed,
  pass,
  skip,
  type ConformanceRecord,
  type RuleSpec,
} from './shipping-conformance-record';
import { locationViolation, type ShipmentOp } from './shipping-conformance-shipment';

/*
 * The conformance run's rules for POST /shipment, PUT /shipment/{id} and GET /shipment/{id}, and the one
 * rule that looks at every answer (Content-Type). Status codes follow GAPS.md where the spec says "not shown".
 */

const DOC = 'shipping-integrator-api.md';
const is2xx = (a: RawAnswer) => a.status !== null && a.status >= 200 && a.status < 300;

const OPS: Record<ShipmentOp, { name: string; status: number; ref: string }> = {
  create: { name: 'POST /shipment', status: 201, ref: `${DOC} § POST /shipment` },
  update: {
    name: 'PUT /shipment/{shipment_id}',
    status: 200,
    ref: `${DOC} § PUT /shipment/{shipment_id}; GAPS.md (200 with Location)`,
  },
  read: {
    name: 'GET /shipment/{shipment_id}',
    status: 200,
    ref: `${DOC} § GET /shipment/{shipment_id}; GAPS.md (200, or 404)`,
  },
};

/** The shipment of a 2xx answer and its schema problems. */
function readShipment(a: RawAnswer): { shipment: ShipmentResponse | null; problems: string[] } {
  const parsed = parseObject(a.body);
  if ('problem' in parsed)
    return { shipment: null, problems: [`${parsed.problem}; answer the shipment as one JSON object`] };
  const r = ShipmentResponseSchema.safeParse(parsed.value);
  if (!r.success) return { shipment: null, problems: groupedSchemaMessages(r.error, parsed.value) };
  return { shipment: r.data, problems: [] };
}

function statusRule(op: ShipmentOp): RuleSpec {
  const o = OPS[op];
  return {
    id: `shipment.${op}.status`,
    title: `${o.name} answers ${o.status}`,
    spec_ref: o.ref,
    step: op,
    evaluate: (c, r) => {
      const a = c.answer;
      if (a.status === o.status) return pass(`${o.status}`);
      const option = r.optionId ? ` for option '${r.optionId}' from the full-address answer` : '';
      if (a.status === 415)
        return fail(
          `answered 415: accept Content-Type application/vdn.service.shipping.select_option-v1+json, the vendor media type for /shipment`,
        );
      if (is2xx(a)) return fail(`answered ${a.status}; ${o.name} answers ${o.status} on success`);
      return fail(
        `${answered(a, r.timeoutMs)}${option}; ${o.name} answers ${o.status}${op === 'read' ? '' : ' (an error restarts the shipping selection in the checkout)'}`,
      );
    },
  };
}

function locationRule(op: 'create' | 'update'): RuleSpec {
  const o = OPS[op];
  return {
    id: `shipment.${op}.location`,
    title: `${o.name} sends Location: {base_url}/shipment/<shipment_id>`,
    spec_ref: `${DOC} § POST /shipment (the shipment id and the Location header confirm the shipment)${op === 'update' ? '; GAPS.md' : ''}`,
    step: op,
    evaluate: (c, r) => {
      if (!is2xx(c.answer)) return skip(`skipped: ${o.name} did not succeed (see shipment.${op}.status)`);
      const location = c.answer.headers.location;
      if (!location)
        return fail(
          `${o.name} answered ${c.answer.status} without a Location header; the checkout takes the shipment id and Location together as confirmation, so without it the purchase cannot go on`,
        );
      const id = readShipment(c.answer).shipment?.shipment_id;
      const v = id
        ? locationViolation(location, id, { baseUrl: r.baseUrl, timeoutMs: r.timeoutMs }, SPEC.createShipment)
        : null;
      return v ? fail(v.message) : pass(`Location: ${location}`);
    },
  };
}

function bodyRule(op: ShipmentOp): RuleSpec {
  const o = OPS[op];
  return {
    id: `shipment.${op}.body`,
    title:
      op === 'read'
        ? `${o.name} answers the shipment with every shipment's tracking_id`
        : `${o.name} answers the shipment as the spec says`,
    spec_ref: `${DOC} § Shipment response body${op === 'create' ? '' : `; § ${o.name}`}`,
    step: op,
    evaluate: (c, r) => {
      if (!is2xx(c.answer)) return skip(`skipped: ${o.name} did not succeed (see shipment.${op}.status)`);
      const { shipment, problems } = readShipment(c.answer);
      if (!shipment) return fail(listed(problems));
      const more: string[] = [];
      if (op !== 'create' && r.shipmentId && shipment.shipment_id !== r.shipmentId)
        more.push(
          `shipment_id is '${shipment.shipment_id}' but the call was about '${r.shipmentId}'; the id stays the same`,
        );
      if (op === 'read')
        shipment.shipments.forEach((x, i) => {
          if (x.tracking_id === undefined)
            more.push(
              `shipments[${i}] has no tracking_id; list every shipment with its tracking_id (empty while not known yet)`,
            );
        });
      return more.length
        ? fail(listed(more))
        : pass(`shipment ${shipment.shipment_id} with ${shipment.shipments.length} parcel(s)`);
    },
  };
}

const CONTENT_TYPE_RULE: RuleSpec = {
  id: 'json.content-type',
  title: 'Every answer with a body is JSON (Content-Type: application/json)',
  spec_ref: `${DOC} § Resources and their fields ("All payloads are JSON")`,
  step: 'auth',
  evaluate: (_c, r: ConformanceRecord) => {
    const bad = Object.entries(r.calls).flatMap(([step, calls]) =>
      (calls ?? [])
        .filter((x) => x.answer.body && is2xx(x.answer) && contentTypeViolation(x.answer, SPEC.resources))
        .map((x) => `${step} (${x.answer.headers['content-type'] ?? 'no Content-Type'})`),
    );
    return bad.length
      ? fail(`answers without a JSON Content-Type: ${bad.join(', ')}; send application/json`)
      : pass('every answer said JSON');
  },
};

export const SHIPMENT_RULES: RuleSpec[] = [
  statusRule('create'),
  locationRule('create'),
  bodyRule('create'),
  statusRule('update'),
  locationRule('update'),
  bodyRule('update'),
  statusRule('read'),
  bodyRule('read'),
  CONTENT_TYPE_RULE,
];
