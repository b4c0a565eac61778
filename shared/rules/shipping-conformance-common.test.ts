import { describe, expect, it } from 'vitest';
import { ShipmentResponseSchema, ShippingOptionsResponseSchema } from '../schemas/integrator.schema';
import { location, option } from '../test-kit/conformance-records';
import type { RawAnswer } from './callback-answers';
import {
  contentTypeViolation,
  failureReasonOf,
  groupedSchemaMessages,
  parseObject,
  schemaViolations,
  SPEC,
  statusText,
  transportProblem,
} from './shipping-conformance-common';

/* The pieces every check of an integrator's answers shares (spec § Errors, § Resources; GAPS.md). */

const ans = (headers: Record<string, string>, extra: Partial<RawAnswer> = {}): RawAnswer => ({
  status: 200,
  headers,
  body: '{}',
  ...extra,
});
const problemsOf = (value: unknown) => {
  const r = ShippingOptionsResponseSchema.safeParse(value);
  if (r.success) throw new Error('expected schema problems');
  return r.error;
};

describe('transportProblem: no answer at all', () => {
  it('a time-out names the limit; unreachable names the detail, else the error', () => {
    expect(
      transportProblem({ status: null, headers: {}, body: null, error: 'timeout' }, 2500, 'POST /auth'),
    ).toEqual({
      cause: 'timeout',
      reason: 'POST /auth: the integrator did not answer within 2500 ms',
    });
    expect(
      transportProblem(
        { status: null, headers: {}, body: null, error: 'unreachable', errorDetail: 'ECONNREFUSED' },
        1,
        'X',
      ),
    ).toEqual({ cause: 'unreachable', reason: 'X: the integrator could not be reached (ECONNREFUSED)' });
    expect(
      transportProblem({ status: null, headers: {}, body: null, error: 'unreachable' }, 1, 'X')?.reason,
    ).toBe('X: the integrator could not be reached (unreachable)');
    expect(transportProblem(ans({}), 1, 'X')).toBeNull();
  });
});

describe('parseObject: "content that is not a single JSON object"', () => {
  it('an object is the value', () => {
    expect(parseObject('{"a":1}')).toEqual({ value: { a: 1 } });
  });

  it('empty, blank or missing bodies are empty', () => {
    expect(parseObject(null)).toEqual({ problem: 'the body is empty' });
    expect(parseObject('')).toEqual({ problem: 'the body is empty' });
    expect(parseObject(' \n ')).toEqual({ problem: 'the body is empty' });
  });

  it("not JSON: says so with the parser's words", () => {
    expect(parseObject('{oops')).toEqual({ problem: expect.stringMatching(/^the body is not JSON \(.+\)$/) });
  });

  it('JSON of another kind names the kind', () => {
    expect(parseObject('[]')).toEqual({ problem: 'the body is JSON but not one object (it is an array)' });
    expect(parseObject('null')).toEqual({ problem: 'the body is JSON but not one object (it is object)' });
    expect(parseObject('"x"')).toEqual({ problem: 'the body is JSON but not one object (it is string)' });
    expect(parseObject('3')).toEqual({ problem: 'the body is JSON but not one object (it is number)' });
  });
});

describe('contentTypeViolation: "All payloads are JSON"', () => {
  it('accepts application/json and any +json type, parameters and letter case aside', () => {
    expect(contentTypeViolation(ans({ 'content-type': 'application/json' }), 'r')).toBeNull();
    expect(contentTypeViolation(ans({ 'content-type': 'Application/JSON; charset=utf-8' }), 'r')).toBeNull();
    expect(
      contentTypeViolation(ans({ 'content-type': 'application/vdn.service.shipping.options-v1+json' }), 'r'),
    ).toBeNull();
  });

  it('flags another type or none, at headers.content-type under the rule given', () => {
    expect(
      contentTypeViolation(ans({ 'content-type': 'text/plain; charset=utf-8' }), SPEC.resources),
    ).toEqual({
      rule: 'shipping-integrator-api#resources-and-their-fields',
      path: 'headers.content-type',
      message:
        "the answer's Content-Type is 'text/plain'; all payloads of this API are JSON, so send application/json",
    });
    expect(contentTypeViolation(ans({}), 'r')?.message).toBe(
      "the answer's Content-Type is missing; all payloads of this API are JSON, so send application/json",
    );
    expect(contentTypeViolation(ans({ 'content-type': '' }), 'r')?.message).toMatch(/is missing/);
    expect(contentTypeViolation(ans({ 'content-type': 'application/jsonx' }), 'r')).not.toBeNull();
  });
});

describe('failureReasonOf: the GAPS.md error body', () => {
  it('the failure_reason when it is a non-empty string, else none', () => {
    expect(failureReasonOf('{"failure_reason":"no_slot"}')).toBe('no_slot');
    expect(failureReasonOf('{"failure_reason":""}')).toBeNull();
    expect(failureReasonOf('{"failure_reason":3}')).toBeNull();
    expect(failureReasonOf('{}')).toBeNull();
    expect(failureReasonOf('oops')).toBeNull();
    expect(failureReasonOf(null)).toBeNull();
  });
});

describe('schemaViolations: one per problem, naming the option, the field and what it should be', () => {
  it("names the option by its id, or by its place when it has none, and the field's meaning", () => {
    const value = { shipping_options: [option({ price: 'free' }), option({ id: undefined, tax_rate: 'x' })] };
    expect(schemaViolations(problemsOf(value), value, SPEC.options)).toEqual([
      {
        rule: SPEC.option,
        path: 'shipping_options[0].price',
        message:
          "option 'dhl-home' (shipping_options[0].price) must be of type number, got string: price is the price including VAT, an integer in minor units",
      },
      {
        rule: SPEC.option,
        path: 'shipping_options[1].id',
        message: 'option #2 (shipping_options[1].id) is required',
      },
      {
        rule: SPEC.option,
        path: 'shipping_options[1].tax_rate',
        message:
          'option #2 (shipping_options[1].tax_rate) must be of type number, got string: tax_rate is the VAT rate, an integer with two implicit decimals (2500 = 25 %)',
      },
    ]);
  });

  it("a problem inside a location, an add-on or a delivery time is that section's", () => {
    const value = {
      shipping_options: [
        option({
          type: 'pickup-point',
          locations: [{ id: 'x' }],
          addons: [{ category: '' }],
          delivery_time: { interval: 'soon' },
        }),
      ],
    };
    const rules = new Map(
      schemaViolations(problemsOf(value), value, SPEC.options).map((v) => [v.path.split('.')[1], v.rule]),
    );
    expect(rules.get('locations[0]')).toBe(SPEC.location);
    expect(rules.get('addons[0]')).toBe(SPEC.addon);
    expect(rules.get('delivery_time')).toBe(SPEC.deliveryTime);
  });

  it('outside the options the rule given applies, and the path is said alone', () => {
    const value = { shipping_options: 'none' };
    expect(schemaViolations(problemsOf(value), value, SPEC.options)).toEqual([
      {
        rule: SPEC.options,
        path: 'shipping_options',
        message: 'shipping_options must be of type array, got string',
      },
    ]);
  });
});

describe('groupedSchemaMessages: one line per kind of problem', () => {
  it('the same problem on several options is said once, with their names, at most three shown', () => {
    const value = {
      shipping_options: ['a', 'b', 'c', 'd'].map((id) => option({ id, price: undefined })),
    };
    expect(groupedSchemaMessages(problemsOf(value), value)).toEqual([
      "shipping_options[*].price is required on 4 options ('a', 'b', 'c', …): price is the price including VAT, an integer in minor units",
    ]);
    const three = { shipping_options: ['a', 'b', 'c'].map((id) => option({ id, price: undefined })) };
    expect(groupedSchemaMessages(problemsOf(three), three)[0]).toMatch(/on 3 options \('a', 'b', 'c'\):/);
  });

  it('a problem on one option names it; one outside the options is its path', () => {
    const value = { shipping_options: [option({ preview: 'yes' })] };
    expect(groupedSchemaMessages(problemsOf(value), value)).toEqual([
      "option 'dhl-home' (shipping_options[*].preview) must be of type boolean, got string: preview is true on preview options, false on valid options",
    ]);
    expect(groupedSchemaMessages(problemsOf({}), {})).toEqual(['shipping_options is required']);
  });
});

describe('statusText', () => {
  it('the status, or why there was none', () => {
    expect(statusText(ans({}, { status: 503 }))).toBe('503');
    expect(statusText({ status: null, headers: {}, body: null, error: 'timeout' })).toBe(
      'no answer (timeout)',
    );
    expect(statusText({ status: null, headers: {}, body: null })).toBe('no answer (none)');
  });
});

describe('survivors of the mutation run, pinned', () => {
  it('a Content-Type with spaces before its parameters is still JSON (RFC 9110: OWS before ";")', () => {
    expect(contentTypeViolation(ans({ 'content-type': 'application/json ; charset=utf-8' }), 'r')).toBeNull();
  });

  it('an option past the tenth is named, ruled and grouped like the first ones', () => {
    const ids = Array.from({ length: 11 }, (_, i) => `o${i + 1}`);
    const value = {
      shipping_options: ids.map((id) => option({ id, ...(id === 'o11' ? { price: 'free' } : {}) })),
    };
    expect(schemaViolations(problemsOf(value), value, SPEC.options)).toEqual([
      {
        rule: SPEC.option,
        path: 'shipping_options[10].price',
        message:
          "option 'o11' (shipping_options[10].price) must be of type number, got string: price is the price including VAT, an integer in minor units",
      },
    ]);
    const twelve = { shipping_options: [...ids, 'o12'].map((id) => option({ id, price: undefined })) };
    expect(groupedSchemaMessages(problemsOf(twelve), twelve)).toEqual([
      "shipping_options[*].price is required on 12 options ('o1', 'o2', 'o3', …): price is the price including VAT, an integer in minor units",
    ]);
  });

  it('an option that is null is named by its place, not a crash', () => {
    const value = { shipping_options: [null] };
    expect(schemaViolations(problemsOf(value), value, SPEC.options)).toEqual([
      {
        rule: SPEC.option,
        path: 'shipping_options[0]',
        message: 'option #1 (shipping_options[0]) must be of type object, got null',
      },
    ]);
  });

  it("a field's meaning is said after its own problem, for an item of a list too", () => {
    const pickupValue = {
      shipping_options: [option({ type: 'pickup-point', locations: [null] }), option({ id: 'b', type: 'x' })],
    };
    expect(
      schemaViolations(problemsOf(pickupValue), pickupValue, SPEC.options).map((v) => v.message),
    ).toEqual([
      "option 'dhl-home' (shipping_options[0].locations[0]) must be of type object, got null: locations is pickup types (pickup-box, pickup-point, pickup-merchant-store) must carry their locations",
      expect.stringMatching(
        /^option 'b' \(shipping_options\[1\]\.type\) must be one of "delivery-address", .*: type is one of the spec's shipping types \(delivery-address, pickup-point, pickup-box, …\)$/,
      ),
    ]);
    const eleven = {
      shipping_options: [
        option({
          type: 'pickup-point',
          locations: [...Array.from({ length: 10 }, (_, i) => location(`p${i}`)), null],
        }),
      ],
    };
    expect(schemaViolations(problemsOf(eleven), eleven, SPEC.options).map((v) => v.message)).toEqual([
      "option 'dhl-home' (shipping_options[0].locations[10]) must be of type object, got null: locations is pickup types (pickup-box, pickup-point, pickup-merchant-store) must carry their locations",
    ]);
    const r = ShipmentResponseSchema.safeParse({ selected_shipping_option: { carrier: 'dhl' } });
    if (r.success) throw new Error('expected schema problems');
    expect(schemaViolations(r.error, {}, SPEC.shipmentBody).map((v) => v.message)).toEqual([
      'shipment_id is required: shipment_id is the id of the pre-reserved shipment',
      'selected_shipping_option.carrier_product is required: carrier_product is an object with name, identifier and addon_identifiers',
      'shipments is required: shipments is every shipment of the purchase with its carrier and tracking_id',
    ]);
  });
});
