import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { publishedSchemaProblems } from '../test-kit/published-schema';

const EXAMPLES = join(import.meta.dirname, '../../scenarios');

describe('the published JSON Schema of scenario files (docs/scenario.schema.json)', () => {
  it('holds every shipped example valid, checked by a JSON Schema validator of its own', () => {
    const files = readdirSync(EXAMPLES).filter((f) => /\.ya?ml$/.test(f));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files)
      expect([f, publishedSchemaProblems(readFileSync(join(EXAMPLES, f), 'utf8'))]).toEqual([f, []]);
  });

  it('refuses what the runner refuses, naming the place', () => {
    const typo =
      'name: typo\nsteps:\n  - complete: { arival: push_only }\nexpect:\n  - push_attempts: { at_most: 1 }\n';
    expect(publishedSchemaProblems(typo).join('\n')).toMatch(/^\/steps\/0/m);
    expect(publishedSchemaProblems('steps: []\n').join('\n')).toMatch(/name/);
  });
});
