import { describe, expect, it } from 'vitest';
import { ExchangeSchema, type Exchange } from '@shared/schemas/exchange.schema';
import { fromShape, shapeDoc, ShapeEncoder, type ExchangeShape } from './exchange-doc';

const base: Exchange = {
  id: 'ex_1',
  order_id: 'o-1',
  direction: 'out',
  kind: 'push',
  method: 'POST',
  url: '/p?x="y"&z=\\',
  status: 200,
  duration_ms: 1.25,
  at: '2026-01-01T00:00:00.000Z',
  request: { headers: { a: 'b', 'x-q': 'say "hi"\\' }, body: '{"a":1}' },
  response: { headers: {}, body: null },
  outcome: 'timeout after 10 s',
  violations: [{ rule: 'r', path: 'p[0]', message: 'line\nbreak\ttab' }],
};

describe('shapeDoc and fromShape', () => {
  it("is the JSON of all but the entry's fields, and puts the exchange back whole, for awkward strings too", () => {
    const awkward: Exchange = {
      ...base,
      order_id: 'tab\there\nnewline "quote" \u0001 ünï 😀',
      url: '/\u2028\u2029 lone \ud800 surrogate',
      request: { headers: { k: '\u0000' }, body: 'x'.repeat(3) + '\r\n' },
    };
    for (const e of [
      base,
      awkward,
      { ...base, order_id: null, status: null, outcome: null, violations: [] },
    ]) {
      const text = shapeDoc(e, e.request.body, e.response.body);
      const back = fromShape(e, JSON.parse(text) as ExchangeShape);
      expect(ExchangeSchema.parse(back)).toEqual(e);
      expect(Object.keys(back)).toEqual(Object.keys(e));
      // One line: the writer's batch separates documents by newlines.
      expect(text).not.toMatch(/[\n\r\t]/);
    }
  });

  it('takes headers already serialized, and leaves out bodies stored apart', () => {
    const text = shapeDoc({ ...base, request: { headers: '{"a":"b"}', body: 'big' } }, null, null);
    const back = JSON.parse(text) as ExchangeShape;
    expect(back.request).toEqual({ headers: { a: 'b' }, body: null });
    expect(back.response.body).toBeNull();
  });

  it('writes frozen constants (headers, violations) as it writes any other value, each time', () => {
    const headers = Object.freeze({ 'content-type': 'application/json' });
    const violation = Object.freeze({ rule: 'r', path: 'p', message: 'm "quoted"' });
    const e = {
      ...base,
      response: { headers, body: null },
      violations: [violation, { ...violation, path: 'q' }],
    };
    for (let i = 0; i < 2; i++) {
      expect(fromShape(e, JSON.parse(shapeDoc(e, e.request.body, null)) as ExchangeShape)).toEqual(e);
    }
  });

  it('leaves the entry fields out, so the same request answered alike has one shape', () => {
    const again = { ...base, id: 'ex_2', at: '2026-01-01T00:00:01.000Z', duration_ms: 9 };
    expect(shapeDoc(again, null, null)).toBe(shapeDoc(base, null, null));
    expect(JSON.parse(shapeDoc(base, null, null))).not.toHaveProperty('id');
  });

  it('keeps a merchant fault and a replay’s link and edits, and reads shapes written without them', () => {
    const replay: Exchange = { ...base, id: 'ex_3', replay_of: 'ex_1', edited: ['url', 'headers.X-Try'] };
    const faulty: Exchange = { ...base, fault: 'duplicate_push' };
    for (const e of [replay, faulty]) {
      const back = fromShape(e, JSON.parse(shapeDoc(e, e.request.body, e.response.body)) as ExchangeShape);
      expect(ExchangeSchema.parse(back)).toEqual(e);
    }
    expect(shapeDoc(replay, null, null)).not.toBe(shapeDoc(base, null, null));
    // A shape of an older version has none of them, and reads back without them.
    const old = fromShape(base, JSON.parse(shapeDoc(base, null, null)) as ExchangeShape);
    expect(Object.keys(old)).not.toContain('replay_of');
  });

  it('does not let a replay lean on the line before it (its link would be lost)', () => {
    const encoder = new ShapeEncoder();
    expect(encoder.encode(base, '', '', null, null, false)).not.toBeNull();
    expect(encoder.encode({ ...base, id: 'ex_2' }, '', '', null, null, false)).toBeNull();
    expect(
      encoder.encode({ ...base, id: 'ex_3', replay_of: 'ex_1' }, '', '', null, null, false),
    ).not.toBeNull();
    expect(
      encoder.encode({ ...base, id: 'ex_4', fault: 'late_callback' }, '', '', null, null, false),
    ).not.toBeNull();
  });
});
