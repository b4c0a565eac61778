import { describe, expect, it } from 'vitest';
import {
  NARROWED_VITEST_CONFIG,
  inTarget,
  incrementalSlug,
  mutateGlobs,
  mutatedInFolder,
  narrowedTestsEnv,
  reportSlug,
  runPlans,
  strykerOptions,
  targetPath,
} from './mutate-plan.mjs';

describe('npm run mutate: what Stryker is asked for', () => {
  it('a folder is its sources without tests, test kits or declarations', () => {
    expect(mutateGlobs('shared/rules/', true)).toEqual([
      'shared/rules/**/*.{ts,tsx}',
      '!shared/rules/**/*.test.{ts,tsx}',
      '!shared/rules/**/test-kit/**',
      '!shared/rules/**/*.d.ts',
    ]);
  });

  it('tells one file name by the same rule as the folder globs', () => {
    expect(mutatedInFolder('shared/rules/a.ts')).toBe(true);
    expect(mutatedInFolder('src-renderer/ui/A.tsx')).toBe(true);
    for (const f of [
      'shared/rules/a.test.ts',
      'src-renderer/ui/A.test.tsx',
      'shared/rules/a.d.ts',
      'src-main/core/push/test-kit/env.ts',
      'scripts/x.mjs',
      'docs/a.md',
    ])
      expect(mutatedInFolder(f), f).toBe(false);
  });

  it('a file is itself, with a line range if given; a test file or a non-source is refused', () => {
    expect(mutateGlobs('src-checkout/bootstrap.ts', false)).toEqual(['src-checkout/bootstrap.ts']);
    expect(mutateGlobs('src-main/a.ts:10-40', false)).toEqual(['src-main/a.ts:10-40']);
    expect(() => mutateGlobs('shared/rules/money.test.ts', false)).toThrow(/a test file/);
    expect(() => mutateGlobs('README.md', false)).toThrow(/not a .ts/);
    expect(targetPath('src-main/a.ts:10-40')).toBe('src-main/a.ts');
  });

  it('each path keeps its own incremental file and reports under the report folder', () => {
    expect(reportSlug('./src-main/core/push/')).toBe('src-main_core_push');
    expect(() => reportSlug('./')).toThrow(/give a path/);
    expect(strykerOptions('src-main/core/push/', true, 'reports/stryker')).toEqual({
      configFile: 'stryker.config.mjs',
      mutate: mutateGlobs('src-main/core/push', true),
      incremental: true,
      incrementalFile: 'reports/stryker/src-main_core_push.incremental.json',
      htmlReporter: { fileName: 'reports/stryker/src-main_core_push.html' },
      jsonReporter: { fileName: 'reports/stryker/src-main_core_push.json' },
    });
  });

  it("a file's run keeps its results in its folder's incremental file, so the folder's run reuses them", () => {
    expect(incrementalSlug('shared/rules/duration.ts', false)).toBe('shared_rules');
    expect(incrementalSlug('shared/rules/duration.ts:10-20', false)).toBe('shared_rules');
    expect(incrementalSlug('shared/rules/', true)).toBe('shared_rules');
    const file = strykerOptions('shared/rules/money.ts', false, 'reports/stryker');
    expect(file.incrementalFile).toBe('reports/stryker/shared_rules.incremental.json');
    expect(file.htmlReporter.fileName).toBe('reports/stryker/shared_rules_money.ts.html');
  });

  it("the score printed counts the target's mutants only, not the folder's kept results", () => {
    expect(inTarget('shared/rules/money.ts', false, 'shared/rules/money.ts', 3)).toBe(true);
    expect(inTarget('shared/rules/money.ts', false, 'shared/rules/duration.ts', 3)).toBe(false);
    expect(inTarget('shared/rules/money.ts:10-20', false, 'shared/rules/money.ts', 20)).toBe(true);
    expect(inTarget('shared/rules/money.ts:10-20', false, 'shared/rules/money.ts', 21)).toBe(false);
    expect(inTarget('shared/rules/money.ts:10-20', false, 'shared/rules/money.ts', 9)).toBe(false);
    expect(inTarget('./shared/rules/', true, 'shared/rules/money.ts', 1)).toBe(true);
    expect(inTarget('shared/rules/', true, 'shared/rules-old/money.ts', 1)).toBe(false);
  });

  it('--tests narrows vitest through its own config and an environment variable, not Stryker testFiles', () => {
    const options = strykerOptions('shared/rules/', true, 'reports/stryker', ['shared/rules/*.test.ts']);
    expect(options.vitest).toEqual({ configFile: NARROWED_VITEST_CONFIG, related: true });
    expect(options).not.toHaveProperty('testFiles');
    expect(strykerOptions('shared/rules/', true, 'reports/stryker')).not.toHaveProperty('vitest');
    expect(narrowedTestsEnv(['a/*.test.ts', 'b.test.ts'])).toEqual({ MUTATE_TESTS: 'a/*.test.ts,b.test.ts' });
  });

  it('files of one folder are mutated in one run; another folder gets its own', () => {
    const plans = runPlans(
      [
        { target: 'shared/rules/a.ts', isDir: false },
        { target: 'src-main/x.ts', isDir: false },
        { target: 'shared/rules/b.ts:1-9', isDir: false },
      ],
      'reports/stryker',
    );
    expect(plans.map((p) => p.targets.map((t) => t.target))).toEqual([
      ['shared/rules/a.ts', 'shared/rules/b.ts:1-9'],
      ['src-main/x.ts'],
    ]);
    expect(plans[0]!.options).toMatchObject({
      mutate: ['shared/rules/a.ts', 'shared/rules/b.ts:1-9'],
      incrementalFile: 'reports/stryker/shared_rules.incremental.json',
      htmlReporter: { fileName: 'reports/stryker/shared_rules.html' },
    });
    expect(plans[1]!.options).toEqual(strykerOptions('src-main/x.ts', false, 'reports/stryker'));
  });
});
