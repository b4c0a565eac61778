// @ts-check
// What `npm run mutate -- PATH…` asks StrykerJS for: the files to mutate and where the reports go.
// Kept apart from scripts/mutate.mjs so that it is tested without running Stryker.
import path from 'node:path';

const SOURCE = /\.(ts|tsx|mts|mjs)(:\d+(:\d+)?-\d+(:\d+)?)?$/;
const TEST = /\.test\.(ts|tsx|mts|mjs)(:|$)/;

/**
 * The `--mutate` globs for one path: a folder means its source files without its tests, a file itself
 * (with Stryker's line range if given: `file.ts:10-40`).
 * @example mutateGlobs('shared/rules/') // ['shared/rules/**\/*.{ts,tsx}', '!shared/rules/**\/*.test.{ts,tsx}']
 */
export function mutateGlobs(/** @type {string} */ target, /** @type {boolean} */ isDir) {
  const clean = target.replace(/\\/g, '/').replace(/\/+$/, '');
  if (!isDir) {
    if (TEST.test(clean)) throw new Error(`${target}: a test file; give the module it tests`);
    if (!SOURCE.test(clean)) throw new Error(`${target}: not a .ts/.tsx/.mts/.mjs source file`);
    return [clean];
  }
  return [`${clean}/**/*.{ts,tsx}`, `!${clean}/**/*.test.{ts,tsx}`, `!${clean}/**/*.d.ts`];
}

/** The file or folder a target names, without a line range. */
export const targetPath = (/** @type {string} */ target) => target.replace(/:\d.*$/, '');

/** A file-name-safe name for a path's reports: `src-main/core/push/` → `src-main_core_push`. */
export function reportSlug(/** @type {string} */ target) {
  const slug = target
    .replace(/\\/g, '/')
    .replace(/^\.\/|\/+$/g, '')
    .replace(/[^A-Za-z0-9.-]+/g, '_');
  if (slug === '' || slug === '.')
    throw new Error('give a path to mutate, e.g. npm run mutate -- shared/rules/');
  return slug;
}

/**
 * The Stryker options for one path, laid over stryker.config.mjs; `reportDir` is the git-ignored
 * reports/stryker. Each path keeps its own incremental file, so runs on different paths do not
 * overwrite each other's results.
 */
export function strykerOptions(
  /** @type {string} */ target,
  /** @type {boolean} */ isDir,
  /** @type {string} */ reportDir,
) {
  const slug = reportSlug(target);
  const file = (/** @type {string} */ ext) => path.posix.join(reportDir, `${slug}.${ext}`);
  return {
    configFile: 'stryker.config.mjs',
    mutate: mutateGlobs(target, isDir),
    incremental: true,
    incrementalFile: file('incremental.json'),
    htmlReporter: { fileName: file('html') },
    jsonReporter: { fileName: file('json') },
  };
}
