import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { EXAMPLE_SCENARIO } from '@shared/samples/scenario-example';
import { parseScenario, ScenarioFileError } from './scenario-file';

const DIR = resolve(import.meta.dirname, '../../scenarios');

/** The message of what `read` throws. */
function withPlaces(read: () => unknown): string {
  try {
    read();
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('expected a ScenarioFileError');
}

/** The message of what `read` throws, without the problems' places (the place has a test of its own). */
function withoutPlaces(read: () => unknown): string {
  try {
    read();
  } catch (err) {
    return (err as Error).message.replace(/ \([^()\s]+:\d+:\d+\)/g, '');
  }
  throw new Error('expected a ScenarioFileError');
}

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

  it('names the file, the line and the column of a YAML error, and shows the line with a caret', () => {
    const text = 'name: x\nsteps:\n  - advance: 2m\n   bad: [\nexpect: []\n';
    expect(() => parseScenario(text, 'bad.yaml')).toThrow(
      /^bad\.yaml: line 4, column \d+: .+\n {5}bad: \[\n {2}\s*\^$/,
    );
  });

  it('says what is wrong where QA found only "Invalid input": the field, the rule, what was found', () => {
    const cases: [string, string][] = [
      [
        'steps:\n  - complete: { arival: push_only, fraud_statuss: PENDING }\nexpect:\n  - push_attempts: {}\n',
        'steps[0].complete.arival: not a known field (did you mean arrival?); steps[0].complete.fraud_statuss: not a known field (did you mean fraud_status?)',
      ],
      [
        'steps: []\nexpect:\n  - callback: { name: push, status: 200 }\n',
        'expect[0].callback.status: expected a string such as "2xx" or "200", got the number 200',
      ],
      [
        'steps:\n  - wait: 10m\nexpect:\n  - callback: { name: push, whithin: 2s }\n',
        'steps[0]: unknown step "wait", the steps are: country, address, shipping_option, checkbox, complete, advance, back_to_now, merchant, fraud_status, terminal, cancel; expect[0].callback.whithin: not a known field (did you mean within?)',
      ],
      [
        'steps: []\nfaults: { scenario: at_least_once }\nexpect:\n  - step: { name: complete, outcome: complete }\n',
        'faults.scenario: expected one of "at_least_once_push", "forgetful_service", "racing_callbacks", "impatient_service", got the string "at_least_once" (did you mean at_least_once_push?); expect[0].step.outcome: expected one of "applied", "rejected", "redirected", "failed", "completed", "denied", got the string "complete" (did you mean completed?)',
      ],
      [
        'order: { from_merchnt: [{ path: /checkout }] }\nsteps: [{ advance: soon }]\nexpect: [{ push_attempts: {} }]\n',
        'order.from_merchnt: not a known field (did you mean from_merchant?); steps[0].advance: must be a duration such as 500ms, 2s, 10m, 24h or 2d, got the string "soon"',
      ],
    ];
    for (const [body, problems] of cases)
      expect(withoutPlaces(() => parseScenario(`name: x\n${body}`, 'a.yaml'))).toBe(`a.yaml: ${problems}`);
  });

  it('refuses the steps and expectations of the other kind: a checkout order’s in an in-person file, and back', () => {
    const inPerson = `name: x
in_person:
  device: { name: Counter 1 }
  session:
    order_amount: 4480
    order_tax_amount: 480
    purchase_currency: SEK
    order_items:
      - { name: Bun, quantity: 1, unit_price: 4480, tax_rate: 1200, total_amount: 4480, total_tax_amount: 480 }
steps:
  - terminal: tap_card
  - address: { test_person: SE }
expect:
  - session: { status: FINALIZED }
  - callback: { name: push }
`;
    expect(withoutPlaces(() => parseScenario(inPerson, 'a.yaml'))).toBe(
      'a.yaml: steps[1].address: is a step of a checkout order; an in-person session takes terminal, cancel, advance, back_to_now and merchant; expect[1].callback: is about a checkout order’s callbacks or steps; an in-person session has none',
    );
    const checkout = 'name: x\nsteps:\n  - terminal: tap_card\nexpect:\n  - session: { status: FINALIZED }\n';
    expect(withoutPlaces(() => parseScenario(checkout, 'a.yaml'))).toBe(
      'a.yaml: steps[0].terminal: is a step of an in-person session: it needs in_person (the device and the session) in the file; expect[0].session: is about an in-person session: it needs in_person (the device and the session) in the file',
    );
  });

  it('names the field of a schema problem as the file writes it', () => {
    const text = 'name: x\nsteps:\n  - advance: 10m\nexpect:\n  - acknowledged: { within: soon }\n';
    expect(() => parseScenario(text, 'a.yaml')).toThrow(ScenarioFileError);
    expect(() => parseScenario(text, 'a.yaml')).toThrow(/^a\.yaml: expect\[0\]/);
  });

  it('gives each problem its file:line:column beside the path: the key as written, or the nearest place', () => {
    const text = [
      'name: x',
      'steps:',
      '  - complete: { arival: push_only, fraud_statuss: PENDING }',
      '  - advance: soon',
      'expect:',
      '  - acknowledged: { within: 10m }',
      '  - callback: {}',
    ].join('\n');
    const message = withPlaces(() => parseScenario(text, 'dir/a.yaml'));
    expect(message).toContain(
      'dir/a.yaml: steps[0].complete.arival (dir/a.yaml:3:17): not a known field (did you mean arrival?); ',
    );
    // The misspelt key itself, not the first key of its object.
    expect(message).toContain('; steps[0].complete.fraud_statuss (dir/a.yaml:3:36): not a known field');
    expect(message).toContain('; steps[1].advance (dir/a.yaml:4:14): must be a duration');
    // A missing key has no place of its own: the object it is missing from.
    expect(message).toContain('; expect[1].callback.name (dir/a.yaml:7:15): ');
  });

  it('says an empty file is empty and what a scenario file holds (it read "(body): expected an object, got null")', () => {
    for (const text of ['', '\n  \n', '# only a comment\n'])
      expect(() => parseScenario(text, 'empty.yaml')).toThrow(
        /^empty\.yaml: the file is empty( \(only comments\))?: a scenario file holds one YAML \(or JSON\) object with name, steps and expect/,
      );
  });

  it.each([
    ['', 'the file is empty'],
    ['\n  \n', 'the file is empty'],
    ['# only a comment\n', 'the file is empty (only comments)'],
  ])('says which kind of empty file %j is', (text, said) => {
    expect(withPlaces(() => parseScenario(text, 'e.yaml'))).toBe(
      `e.yaml: ${said}: a scenario file holds one YAML (or JSON) object with name, steps and expect (docs/scenarios.md)`,
    );
  });

  it('gives a YAML error’s line and column once, with the caret under that column of the line', () => {
    const steps = Array.from({ length: 9 }, () => '  - advance: 2m');
    const text = [
      'name: x',
      'steps:',
      ...steps,
      '  - merchant: { path: /a, form: { a: b } c }',
      'expect: []',
      '',
    ];
    expect(withPlaces(() => parseScenario(text.join('\n'), 'x.yaml'))).toBe(
      `x.yaml: line 12, column 42: Unexpected scalar at node end\n  ${text[11]}\n  ${' '.repeat(41)}^`,
    );
  });

  it('puts the caret of a missing } where the } belongs, not on the next line', () => {
    const text = 'name: x\nsteps:\n  - complete: { arrival: push_only\nexpect: []\n';
    expect(() => parseScenario(text, 'b.yaml')).toThrow(
      /^b\.yaml: line 3, column 35: .*\}.*\n {4}- complete: \{ arrival: push_only\n {2} {34}\^$/,
    );
  });

  it('starts the console with the push example as it is shipped', () => {
    const file = readFileSync(join(DIR, 'push-acknowledged.yaml'), 'utf8');
    expect(EXAMPLE_SCENARIO).toBe(file.replace(/^# yaml-language-server: .*\n/, ''));
    expect(parseScenario(EXAMPLE_SCENARIO, 'example').name).toBe('Push acknowledged within 10 minutes');
  });
});
