import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { EXAMPLE_SCENARIO } from '@shared/samples/scenario-example';
import { parseScenario, ScenarioFileError } from './scenario-file';

const DIR = resolve(import.meta.dirname, '../../scenarios');

describe('scenario files', () => {
  it('reads every shipped example, each pointing its editor at the JSON Schema', () => {
    const files = readdirSync(DIR).filter((f) => /\.(ya?ml|json)$/.test(f));
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const f of files) {
      const text = readFileSync(join(DIR, f), 'utf8');
      expect(parseScenario(text, f).name).not.toBe('');
      expect(text).toMatch(
        f.endsWith('.json')
          ? /"\$schema": "\.\.\/docs\/scenario\.schema\.json"/
          : /^# yaml-language-server: \$schema=\.\.\/docs\/scenario\.schema\.json$/m,
      );
    }
  });

  it('names the file, the line and the column of a YAML error', () => {
    expect(() => parseScenario('name: x\nsteps: [\n', 'bad.yaml')).toThrow(
      /^bad\.yaml: line \d+, column \d+: /,
    );
  });

  it('names the field of a schema problem as the file writes it', () => {
    const text = 'name: x\nsteps:\n  - advance: 10m\nexpect:\n  - acknowledged: { within: soon }\n';
    expect(() => parseScenario(text, 'a.yaml')).toThrow(ScenarioFileError);
    expect(() => parseScenario(text, 'a.yaml')).toThrow(/^a\.yaml: expect\[0\]/);
  });

  it('starts the console with the push example as it is shipped', () => {
    const file = readFileSync(join(DIR, 'push-acknowledged.yaml'), 'utf8');
    expect(EXAMPLE_SCENARIO).toBe(file.replace(/^# yaml-language-server: .*\n/, ''));
    expect(parseScenario(EXAMPLE_SCENARIO, 'example').name).toBe('Push acknowledged within 10 minutes');
  });
});
