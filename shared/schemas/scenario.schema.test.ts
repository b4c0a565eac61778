import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { scenarioErrorMap, scenarioProblems } from '../rules/scenario-problems';
import { ScenarioSchema, scenarioJsonSchema } from './scenario.schema';

const ROOT = resolve(import.meta.dirname, '../..');

describe('the scenario schema', () => {
  it('is what docs/scenario.schema.json holds (regenerate: node out/main/cli.js scenario-schema > docs/scenario.schema.json && npx prettier --write docs/scenario.schema.json)', () => {
    const committed: unknown = JSON.parse(readFileSync(resolve(ROOT, 'docs/scenario.schema.json'), 'utf8'));
    expect(committed).toEqual(scenarioJsonSchema());
  });

  it('takes a short scenario and refuses unknown keys, naming the place', () => {
    const ok = ScenarioSchema.safeParse({
      name: 'x',
      steps: [{ address: { test_person: 'SE' } }, { complete: null }, { advance: '2m' }],
      expect: [{ acknowledged: { within: '10m' } }],
    });
    expect(ok.success).toBe(true);
    const bad = ScenarioSchema.safeParse({ name: 'x', steps: [{ advance: 'soon' }], expect: [] });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path.join('.'))).toEqual(['steps.0.advance', 'expect']);
  });

  it('gives editors descriptions of steps and expectations', () => {
    const text = JSON.stringify(scenarioJsonSchema());
    for (const s of [
      'The customer picks a shipping option by id',
      'The order acknowledged through order management',
    ])
      expect(text).toContain(s);
  });
});

describe('an in-person scenario (issue #27 point 1)', () => {
  const IN_PERSON = {
    device: { name: 'Counter 1', platform: 'android' },
    session: {
      order_amount: 100,
      order_tax_amount: 0,
      purchase_currency: 'SEK',
      order_items: [
        { name: 'Tea', quantity: 1, unit_price: 100, tax_rate: 0, total_amount: 100, total_tax_amount: 0 },
      ],
    },
  };
  const paths = (input: unknown) => {
    const r = ScenarioSchema.safeParse(input, { reportInput: true, error: scenarioErrorMap });
    return r.success ? [] : scenarioProblems(r.error).map((p) => `${p.path}: ${p.message}`);
  };

  it('takes a session sent to a device, the customer at the terminal, a cancel and the session at the end', () => {
    expect(
      paths({
        name: 'x',
        in_person: IN_PERSON,
        steps: [
          { terminal: 'wrong_pin' },
          { advance: '30s' },
          { terminal: { decline: 'insufficient funds' } },
          { cancel: null },
        ],
        expect: [
          {
            session: {
              status: 'FAILED',
              cause: 'terminal.decline',
              history: ['CREATED', 'ACTIVE', 'FAILED'],
            },
          },
          { push_attempts: { at_most: 0 } },
        ],
      }),
    ).toEqual([]);
    expect(
      paths({
        name: 'x',
        in_person: { device_id: 'd-1', session: IN_PERSON.session },
        steps: [],
        expect: [{ session: { status: 'EXPIRED' } }],
      }),
    ).toEqual([]);
  });

  it('refuses unknown keys and steps or expectations of the other kind, naming the field', () => {
    expect(
      paths({
        name: 'x',
        in_person: {
          device: { name: 'C', platfrom: 'ios' },
          session: { ...IN_PERSON.session, device_id: 'd-1' },
        },
        steps: [{ terminal: 'swipe' }],
        expect: [{ session: { status: 'PAID' } }],
      }).map((p) => p.split(':')[0]),
    ).toEqual([
      'in_person.device.platfrom',
      'in_person.session.device_id',
      'steps[0].terminal',
      'expect[0].session.status',
    ]);
    expect(
      paths({
        name: 'x',
        in_person: { ...IN_PERSON, device_id: 'd-1' },
        order: { create: {} },
        steps: [{ complete: null }],
        expect: [{ callback: { name: 'push' } }],
      }).map((p) => p.split(':')[0]),
    ).toEqual(['in_person.device_id', 'order', 'steps[0].complete', 'expect[0].callback']);
    expect(
      paths({ name: 'x', steps: [{ terminal: 'tap_card' }], expect: [{ session: { status: 'FINALIZED' } }] }),
    ).toEqual([
      'steps[0].terminal: is a step of an in-person session: it needs in_person (the device and the session) in the file',
      'expect[0].session: is about an in-person session: it needs in_person (the device and the session) in the file',
    ]);
  });
});
