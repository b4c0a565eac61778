import { describe, expect, it } from 'vitest';
import { runCommand, scenarioSummary, yamlLines } from './scenario-file';

const FILE = `# yaml-language-server: $schema=https://example.test/scenario.schema.json
name: "Saved #1: order 4f2a"
description: |
  Saved from the console.
  # not a comment: inside the description
steps:
  - address: { test_person: SE } # seen: applied
  - advance: 2m
  - complete: { arrival: redirect_first }
expect:
  # seen: address_update answered 200 in 3 ms
  - callback: { name: address_update, status: 2xx }
  - order_management: { merchant_reference1: { matches: '^SHOP-#\\d+$' } }
`;

describe('yamlLines', () => {
  it('sets whole-line and trailing comments apart, not a # inside quotes or a block scalar', () => {
    const lines = yamlLines(FILE);
    expect(lines).toHaveLength(13);
    expect(lines[0]).toEqual({ code: '', comment: FILE.split('\n')[0] });
    expect(lines[1]).toEqual({ code: 'name: "Saved #1: order 4f2a"', comment: '' });
    expect(lines[4]).toEqual({ code: '  # not a comment: inside the description', comment: '' });
    expect(lines[6]).toEqual({ code: '  - address: { test_person: SE } ', comment: '# seen: applied' });
    expect(lines[10]).toEqual({ code: '  ', comment: '# seen: address_update answered 200 in 3 ms' });
    expect(lines[12]!.comment).toBe('');
    // Nothing is lost: code and comment together are the line.
    expect(lines.map((l) => l.code + l.comment).join('\n')).toBe(FILE.replace(/\n$/, ''));
  });

  it('reads CRLF files and an apostrophe inside a word', () => {
    expect(yamlLines("name: it's mine # why\r\nsteps: []\r\n")).toEqual([
      { code: "name: it's mine ", comment: '# why' },
      { code: 'steps: []', comment: '' },
    ]);
  });
});

describe('scenarioSummary', () => {
  it('counts the steps and expectations of the top-level lists, and the lines', () => {
    expect(scenarioSummary(FILE)).toBe('3 steps · 2 expectations · 13 lines');
    expect(scenarioSummary('name: x\nexpect:\n  - acknowledged: { within: 10m }\n')).toBe(
      '0 steps · 1 expectation · 3 lines',
    );
  });
});

describe('runCommand', () => {
  it('names the file and the simulator it was saved from', () => {
    expect(runCommand('order-4f2a.yaml', 'http://127.0.0.1:4700')).toBe(
      'npx checkout-sim run order-4f2a.yaml --api http://127.0.0.1:4700',
    );
    expect(runCommand('order-4f2a.yaml', undefined)).toBe('npx checkout-sim run order-4f2a.yaml');
  });
});
