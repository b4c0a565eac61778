import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { EXPECTATION_NAMES } from '@shared/schemas/scenario-expect.schema';
import { SCENARIO_STEP_NAMES, scenarioJsonSchema } from '@shared/schemas/scenario.schema';
import { DOCS_END, DOCS_START, scenarioReference, withReference } from './scenario-docs';

const ROOT = resolve(import.meta.dirname, '../..');
const README = resolve(ROOT, 'README.md');
const SCHEMA = resolve(ROOT, 'docs/scenario.schema.json');

// `npm run docs:scenarios` runs this file with UPDATE_DOCS=1: it writes what it would otherwise check.
if (process.env.UPDATE_DOCS === '1') {
  writeFileSync(README, withReference(readFileSync(README, 'utf8')));
  writeFileSync(SCHEMA, `${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`);
}

describe('the README’s scenario reference', () => {
  it('is current (regenerate: npm run docs:scenarios)', () => {
    const readme = readFileSync(README, 'utf8');
    const at = readme.indexOf(DOCS_START);
    expect(at).toBeGreaterThan(readme.indexOf('## Scenarios'));
    expect(readme.slice(at, readme.indexOf(DOCS_END) + DOCS_END.length)).toBe(scenarioReference());
  });

  it('has a line for every step, every expectation and every option', () => {
    const text = scenarioReference();
    for (const name of [...SCENARIO_STEP_NAMES, ...EXPECTATION_NAMES])
      expect(text).toMatch(new RegExp(`^- \`${name}\`: `, 'm'));
    for (const option of [
      'occurrence',
      'within',
      'require_validate_callback_success',
      'from_merchant',
      'expect_status',
      'duplicate_push',
      'test_person',
      'arrival',
    ])
      expect(text).toMatch(new RegExp(`^ {2}- \`${option}\`: `, 'm'));
  });
});
