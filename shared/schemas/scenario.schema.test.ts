import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
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
