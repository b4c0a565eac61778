import { describe, expect, it } from 'vitest';
import { UsageError, parseOpenApiArgs, parseRunArgs, parseServeArgs } from './args';

describe('parseOpenApiArgs', () => {
  it('names the provider document by default and another listener’s with its flag', () => {
    expect(parseOpenApiArgs([])).toEqual({ document: 'provider' });
    expect(parseOpenApiArgs(['--integrator'])).toEqual({ document: 'integrator' });
    expect(parseOpenApiArgs(['--control'])).toEqual({ document: 'control' });
    expect(parseOpenApiArgs(['--checkout'])).toEqual({ document: 'checkout' });
  });

  it('refuses unknown options and positionals as usage errors', () => {
    expect(() => parseOpenApiArgs(['--port', '1'])).toThrow(UsageError);
    expect(() => parseOpenApiArgs(['provider'])).toThrow(UsageError);
    expect(() => parseOpenApiArgs(['--control', '--checkout'])).toThrow(
      'openapi prints one document: give one of --control, --checkout',
    );
  });
});

describe('parseServeArgs', () => {
  it('reads the options and refuses a port out of range', () => {
    expect(parseServeArgs(['--port', '0', '--quiet'])).toMatchObject({ port: 0, quiet: true });
    expect(() => parseServeArgs(['--port', '70000'])).toThrow(/--port must be an integer/);
  });

  it('takes --http own or node, and refuses another server', () => {
    expect(parseServeArgs([]).http).toBeUndefined();
    expect(parseServeArgs(['--http', 'node']).http).toBe('node');
    expect(parseServeArgs(['--http', 'own']).http).toBe('own');
    expect(() => parseServeArgs(['--http', 'express'])).toThrow("--http must be own or node, got 'express'");
  });
});

describe('parseRunArgs --parallel', () => {
  it('reads how many scenarios run at once, and refuses anything but a whole number from 1 to 256', () => {
    expect(parseRunArgs(['a.yaml']).parallel).toBeUndefined();
    expect(parseRunArgs(['a.yaml', '--parallel', '8']).parallel).toBe(8);
    for (const bad of ['0', '1.5', 'many', '257'])
      expect(() => parseRunArgs(['a.yaml', '--parallel', bad])).toThrow(
        `--parallel must be a whole number from 1 to 256, got '${bad}'`,
      );
  });
});

describe('parseRunArgs --compare and --ignore', () => {
  it('reads the earlier report and each path not compared, and refuses a path it cannot read', () => {
    expect(parseRunArgs(['a.yaml'])).toMatchObject({ compare: undefined, ignore: [] });
    const args = parseRunArgs([
      'a.yaml',
      '--compare',
      'before.json',
      '--ignore',
      'callbacks.push.body.order_number',
      '--ignore',
      'callbacks.*.body.lines[*].id',
    ]);
    expect(args.compare).toBe('before.json');
    expect(args.ignore.map((i) => i.text)).toEqual([
      'callbacks.push.body.order_number',
      'callbacks.*.body.lines[*].id',
    ]);
    expect(() => parseRunArgs(['a.yaml', '--compare', 'b.json', '--ignore', 'order_number'])).toThrow(
      '--ignore order_number: must start callbacks.CALLBACK.body',
    );
    expect(() => parseRunArgs(['a.yaml', '--ignore', 'callbacks.push.body.x'])).toThrow(
      '--ignore goes with --compare EARLIER.json',
    );
  });
});
