import { describe, expect, it } from 'vitest';
import { type RuleResult } from '@shared/schemas/shipping-assistant.schema';
import { groupRules, messageItems, specRefParts, verdict } from './conformance-view';

const rule = (id: string): RuleResult => ({
  id,
  title: id,
  spec_ref: '',
  status: 'pass',
  message: '',
  exchange_ids: [],
});

describe('groupRules', () => {
  it('groups by the step of the sequence, in run order', () => {
    const groups = groupRules(
      [
        'auth.token',
        'auth.wrong-token',
        'options.preview.flag',
        'shipment.read.body',
        'json.content-type',
      ].map(rule),
    );
    expect(groups.map((g) => [g.title, g.rules.length])).toEqual([
      ['Authentication', 2],
      ['Preview call (country only)', 1],
      ['GET /shipment/{shipment_id}', 1],
      ['Every answer', 1],
    ]);
  });
});

describe('messageItems', () => {
  it('splits numbered findings into items and leaves other messages whole', () => {
    expect(messageItems("(1) option 'a' is wrong; (2) option 'b' has preview: true (why)")).toEqual([
      "option 'a' is wrong",
      "option 'b' has preview: true (why)",
    ]);
    expect(messageItems('401, as the spec requires')).toEqual(['401, as the spec requires']);
  });
});

describe('verdict', () => {
  it('says all pass, or how many fail and were skipped', () => {
    expect(verdict({ passed: 23, failed: 0, skipped: 0 })).toEqual({ tone: 'ok', text: 'All 23 rules pass' });
    expect(verdict({ passed: 13, failed: 2, skipped: 8 })).toEqual({
      tone: 'bad',
      text: '2 of 23 rules fail, 8 skipped',
    });
  });
});

describe('specRefParts', () => {
  it('splits on semicolons outside parentheses only', () => {
    expect(
      specRefParts(
        'shipping-integrator-api.md § Authentication (4: about an hour; 5: cached until a 401); GAPS.md (200; vendor media type)',
      ),
    ).toEqual([
      'shipping-integrator-api.md § Authentication (4: about an hour; 5: cached until a 401)',
      'GAPS.md (200; vendor media type)',
    ]);
    expect(specRefParts('a.md § Errors; § POST /auth')).toEqual(['a.md § Errors', '§ POST /auth']);
  });
});
