import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { EXPECTATION_NAMES } from '@shared/schemas/scenario-expect.schema';
import { SCENARIO_STEP_NAMES, scenarioJsonSchema } from '@shared/schemas/scenario.schema';
import { DOCS_END, DOCS_START, scenarioReference, withReference } from './scenario-docs';

const ROOT = resolve(import.meta.dirname, '../..');
const PAGE = resolve(ROOT, 'docs/scenarios.md');
const SCHEMA = resolve(ROOT, 'docs/scenario.schema.json');

// `npm run docs:scenarios` runs this file with UPDATE_DOCS=1: it writes what it would otherwise check.
if (process.env.UPDATE_DOCS === '1') {
  writeFileSync(PAGE, withReference(readFileSync(PAGE, 'utf8')));
  writeFileSync(SCHEMA, `${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`);
}

describe('the scenario reference in docs/scenarios.md', () => {
  it('is current (regenerate: npm run docs:scenarios)', () => {
    const page = readFileSync(PAGE, 'utf8');
    const at = page.indexOf(DOCS_START);
    expect(page.startsWith('# Scenarios\n')).toBe(true);
    expect(at).toBeGreaterThan(page.indexOf('## The file'));
    expect(page.indexOf('## The file')).toBeGreaterThan(0);
    expect(page.slice(at, page.indexOf(DOCS_END) + DOCS_END.length)).toBe(scenarioReference());
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

describe('withReference: what npm run docs:scenarios writes into the page', () => {
  it('replaces what lies between the markers, markers included, and keeps the rest of the page', () => {
    const page = `# Scenarios\n\nbefore\n${DOCS_START}\nstale lines\n${DOCS_END}\nafter\n`;
    expect(withReference(page)).toBe(`# Scenarios\n\nbefore\n${scenarioReference()}\nafter\n`);
  });

  it('refuses a page without both markers in order, naming them', () => {
    const refusal = `the page has no ${DOCS_START} … ${DOCS_END} markers`;
    for (const page of [
      'no markers',
      `${DOCS_START} only the start`,
      `only the end ${DOCS_END}`,
      `${DOCS_END} the end first ${DOCS_START}`,
    ])
      expect(() => withReference(page), page).toThrow(refusal);
    // The start at the page's first character is a page with its markers.
    expect(withReference(`${DOCS_START}${DOCS_END}`)).toBe(scenarioReference());
  });
});
