import { createServer, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExploreProgress } from '@shared/schemas/explore.schema';
import { runCli, Spawned } from '../test-kit/built-cli';
import { endedEarlyLines, PLAIN_EVERY_MS, progressWriter } from './explore-cli';

/*
 * explore's progress line: rewritten in place on a terminal; in a pipe (CI) a plain line at each tenth of
 * the runs or every PLAIN_EVERY_MS; none with --quiet. The clock here is a counter, never a wait.
 */

const at = (runs_done: number, runs_total: number | null, findings = 0): ExploreProgress => ({
  runs_done,
  runs_total,
  findings,
  time_left_ms: runs_total === null ? 30_000 : null,
  journeys: runs_done,
  ended_early: 0,
});

describe('progressWriter', () => {
  it('in a pipe, writes a plain line at each tenth of the runs, not one per journey', () => {
    const lines: string[] = [];
    const w = progressWriter({ isTTY: false, write: (t) => lines.push(t) }, () => 0);
    for (let i = 1; i <= 100; i++) w.update(at(i, 100, i >= 50 ? 1 : 0));
    w.done();
    expect(lines).toHaveLength(10);
    expect(lines[0]).toBe('10/100 runs · 0 findings\n');
    expect(lines[4]).toBe('50/100 runs · 1 finding\n');
    expect(lines.at(-1)).toBe('100/100 runs · 1 finding\n');
  });

  it('in a pipe with a time limit, writes a line every PLAIN_EVERY_MS', () => {
    const lines: string[] = [];
    let t = 0;
    const w = progressWriter({ isTTY: false, write: (x) => lines.push(x) }, () => t);
    for (let i = 1; i <= 20; i++) {
      t += PLAIN_EVERY_MS / 4;
      w.update(at(i, null));
    }
    expect(lines).toEqual([
      '4 runs · 0 findings · 30 s left\n',
      '8 runs · 0 findings · 30 s left\n',
      '12 runs · 0 findings · 30 s left\n',
      '16 runs · 0 findings · 30 s left\n',
      '20 runs · 0 findings · 30 s left\n',
    ]);
  });

  it('on a terminal, rewrites one line in place and ends it', () => {
    const out: string[] = [];
    const w = progressWriter({ isTTY: true, write: (t) => out.push(t) });
    w.update(at(1, 3));
    w.update(at(2, 3));
    w.done();
    expect(out).toEqual(['\r\x1b[2K1/3 runs · 0 findings', '\r\x1b[2K2/3 runs · 0 findings', '\n']);
  });
});

// The built CLI with its stderr a pipe, as CI runs it (npm run build first).
const spawned = new Spawned('sim-explore-progress-');
afterEach(() => spawned.cleanup());

describe('checkout-sim explore in a pipe', () => {
  it('prints plain progress lines to stderr, and none with --quiet', async () => {
    const args = ['explore', '--runs', '5', '--seed', '3', '--parallel', '2'];
    const loud = await runCli(spawned, args);
    expect(loud.code, loud.stdout + loud.stderr).toBe(0);
    const progress = loud.stderr.split('\n').filter((l) => /^\d+\/5 runs · \d+ findings?$/.test(l));
    expect(progress).toContain('5/5 runs · 0 findings');
    expect(loud.stderr).not.toContain('\x1b[2K');
    const quiet = await runCli(spawned, [...args, '--quiet']);
    expect(quiet.code, quiet.stdout + quiet.stderr).toBe(0);
    expect(quiet.stderr).not.toMatch(/runs · \d+ finding/);
  }, 120_000);

  it('prints none of the sample shop’s own lines with --quiet', async () => {
    // Seed 4's five journeys send a cart the shop knows nothing of: the shop warns (by design) each time.
    const args = ['explore', '--runs', '5', '--seed', '4', '--parallel', '2'];
    const loud = await runCli(spawned, args);
    expect(loud.code, loud.stdout + loud.stderr).toBe(0);
    expect(loud.stderr).toMatch(/^\[warn\] \[shop\] /m);
    const quiet = await runCli(spawned, [...args, '--quiet']);
    expect(quiet.code, quiet.stdout + quiet.stderr).toBe(0);
    expect(quiet.stderr).toBe('');
    expect(quiet.stdout).toContain('5 runs (');
  }, 120_000);

  it('exits 2 when the merchant does not answer at all, naming it: nothing was explored', async () => {
    // A port that was free a moment ago: nothing listens there.
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const url = `http://127.0.0.1:${port}`;
    const r = await runCli(spawned, ['explore', '--runs', '3', '--merchant-url', url, '--quiet']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`the merchant did not answer GET ${url}/`);
    expect(r.stderr).toContain('nothing was explored (--merchant-url)');
    expect(r.stdout).not.toContain('nothing found');
  }, 120_000);
});

describe('endedEarlyLines', () => {
  it('says nothing when every journey ran to its end', () => {
    expect(endedEarlyLines({ ended_early: [] })).toEqual([]);
  });

  it('says how many runs stopped short after the summary, and why, each reason once', () => {
    const ended_early = [
      { reason: 'shipping option: home answered 400: no options', runs: 2, run: 3 },
      { reason: 'pay answered 409: not now', runs: 1, run: 9 },
    ];
    expect(endedEarlyLines({ ended_early })).toEqual([
      '3 runs ended early, judged on the steps before:',
      '  2× (first: run 3) shipping option: home answered 400: no options',
      '  1× (first: run 9) pay answered 409: not now',
    ]);
  });
});
