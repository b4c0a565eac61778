import { describe, expect, it } from 'vitest';
import type { ExploreStatus } from '@shared/schemas/explore.schema';
import { DEFAULT_FORM, progressText, startInput } from './explore-view';

const status = (over: Partial<ExploreStatus> = {}): ExploreStatus => ({
  run_id: 'xr_1',
  state: 'running',
  merchant_url: 'http://127.0.0.1:1',
  seed: 36,
  parallel: 2,
  started_at: '2026-12-05T04:00:00.000Z',
  ended_at: null,
  progress: {
    runs_done: 12,
    runs_total: 100,
    findings: 1,
    time_left_ms: 40_200,
    journeys: 20,
    ended_early: 0,
  },
  findings: [],
  ended_early: [],
  error: null,
  ...over,
});

describe('progressText', () => {
  it('says the state, runs done of all, findings so far and the time left while it runs', () => {
    expect(progressText(status())).toBe('Running · 12/100 runs · 1 finding · 41 s left');
  });

  it('counts the runs whose journey stopped short, once there are any', () => {
    const progress = { ...status().progress, ended_early: 3 };
    expect(progressText(status({ progress }))).toBe(
      'Running · 12/100 runs · 1 finding · 3 ended early · 41 s left',
    );
  });
  it('drops the time left once over, and counts runs without a total', () => {
    const p = { runs_done: 7, runs_total: null, findings: 0, time_left_ms: 0, journeys: 7, ended_early: 0 };
    expect(progressText(status({ state: 'stopped', progress: p }))).toBe('Stopped · 7 runs · 0 findings');
  });
});

describe('startInput', () => {
  it('sends only what was given, numbers as numbers, the config read as YAML', () => {
    const made = startInput({ ...DEFAULT_FORM, seed: '-5', config: 'vary:\n  faults: [duplicate_push]' });
    expect(made).toEqual({
      input: { runs: 100, seed: -5, parallel: 2, config: { vary: { faults: ['duplicate_push'] } } },
    });
    expect(startInput({ ...DEFAULT_FORM, runs: '', parallel: '', merchantUrl: ' http://m ' })).toEqual({
      input: { merchant_url: 'http://m' },
    });
  });
  it('names each field it cannot read', () => {
    expect(startInput({ ...DEFAULT_FORM, runs: '1.5', parallel: 'two', config: 'a: [' })).toEqual({
      problems: [
        { path: 'runs', message: 'must be a whole number' },
        { path: 'parallel', message: 'must be a whole number' },
        { path: 'config', message: expect.stringMatching(/^is not YAML or JSON: /) },
      ],
    });
  });
});
