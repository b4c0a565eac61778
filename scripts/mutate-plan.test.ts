import { describe, expect, it } from 'vitest';
import { mutateGlobs, reportSlug, strykerOptions, targetPath } from './mutate-plan.mjs';

describe('npm run mutate: what Stryker is asked for', () => {
  it('a folder is its sources without tests or declarations', () => {
    expect(mutateGlobs('shared/rules/', true)).toEqual([
      'shared/rules/**/*.{ts,tsx}',
      '!shared/rules/**/*.test.{ts,tsx}',
      '!shared/rules/**/*.d.ts',
    ]);
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
});
