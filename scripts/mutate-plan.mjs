// @ts-check
// What `npm run mutate -- PATH…` asks StrykerJS for: the files to mutate and where the reports go.
// Kept apart from scripts/mutate.mjs so that it is tested without running Stryker.
import path from 'node:path';

const SOURCE = /\.(ts|tsx|mts|mjs)(:\d+(:\d+)?-\d+(:\d+)?)?$/;
const TEST = /\.test\.(ts|tsx|mts|mjs)(:|$)/;

/**
 * The `--mutate` globs for one path: a folder means its source files without its tests and test kits, a file itself
 * (with Stryker's line range if given: `file.ts:10-40`).
 * @example mutateGlobs('shared/rules/') // ['shared/rules/**\/*.{ts,tsx}', '!shared/rules/**\/*.test.{ts,tsx}', …]
 */
export function mutateGlobs(/** @type {string} */ target, /** @type {boolean} */ isDir) {
  const clean = target.replace(/\\/g, '/').replace(/\/+$/, '');
  if (!isDir) {
    if (TEST.test(clean)) throw new Error(`${target}: a test file; give the module it tests`);
    if (!SOURCE.test(clean)) throw new Error(`${target}: not a .ts/.tsx/.mts/.mjs source file`);
    return [clean];
  }
  // A `test-kit/` folder is test code (the tests' builders and recorders, never shipped): mutating it
  // measures the tests' helpers, not the product. Name a test kit's file to mutate it anyway.
  return [
    `${clean}/**/*.{ts,tsx}`,
    `!${clean}/**/*.test.{ts,tsx}`,
    `!${clean}/**/test-kit/**`,
    `!${clean}/**/*.d.ts`,
  ];
}

/**
 * Whether a run of the folder mutates this file (a path with `/`): the rule of `mutateGlobs`'s folder
 * globs as a test of one name, for what reads a folder's files without Stryker (`npm run mutate:score`).
 */
export function mutatedInFolder(/** @type {string} */ file) {
  return (
    /\.(ts|tsx)$/.test(file) &&
    !/\.test\.(ts|tsx)$/.test(file) &&
    !file.endsWith('.d.ts') &&
    !file.split('/').includes('test-kit')
  );
}

/** Stryker's counting: compile and runtime errors and ignored mutants left out, time-outs killed. */
const NOT_COUNTED = ['CompileError', 'RuntimeError', 'Ignored'];
const DETECTED = ['Killed', 'Timeout'];

/**
 * Stryker's mutation score of some mutants (its report's or `runMutationTest`'s results): the ones
 * counted, the killed among them (time-outs included) and the survivors (Survived and NoCoverage).
 * @template {{ status: string }} M
 * @param {M[]} mutants
 */
export function tallyMutants(mutants) {
  const valid = mutants.filter((m) => !NOT_COUNTED.includes(m.status));
  const survivors = valid.filter((m) => !DETECTED.includes(m.status));
  return { valid, killed: valid.length - survivors.length, survivors };
}

/** Killed as a percentage of the mutants counted; 100 when none is. */
export const killedPercent = (/** @type {number} */ killed, /** @type {number} */ mutants) =>
  mutants === 0 ? 100 : (100 * killed) / mutants;

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
 * Whose incremental file a run reads and writes: a folder its own, a file (or some lines of one) its
 * folder's. So the results of one file's run are there for the next run of the whole folder, which then
 * tests only what changed since. Stryker keeps the results of the files a run does not mutate.
 * @example incrementalSlug('shared/rules/duration.ts:10-20', false) // 'shared_rules'
 */
export function incrementalSlug(/** @type {string} */ target, /** @type {boolean} */ isDir) {
  if (isDir) return reportSlug(target);
  const dir = path.posix.dirname(targetPath(target).replace(/\\/g, '/'));
  return reportSlug(dir);
}

/**
 * Whether a mutant of Stryker's results belongs to the target: a run of one file also reports the
 * folder's other results it kept (see `incrementalSlug`), and the score printed is the target's alone.
 * `fileName` is relative to the repository; `line` is 1-based.
 */
export function inTarget(
  /** @type {string} */ target,
  /** @type {boolean} */ isDir,
  /** @type {string} */ fileName,
  /** @type {number} */ line,
) {
  const clean = targetPath(target)
    .replace(/\\/g, '/')
    .replace(/^\.\/|\/+$/g, '');
  const name = fileName.replace(/\\/g, '/');
  if (isDir) return name.startsWith(`${clean}/`);
  if (name !== clean) return false;
  const range = /:(\d+)(?::\d+)?-(\d+)(?::\d+)?$/.exec(target);
  return range === null || (line >= Number(range[1]) && line <= Number(range[2]));
}

/** The vitest config that narrows the test files to `--tests` (see that file for why not `testFiles`). */
export const NARROWED_VITEST_CONFIG = 'scripts/mutate-vitest.config.mjs';

/**
 * The Stryker options for one path, laid over stryker.config.mjs; `reportDir` is the git-ignored
 * reports/stryker. Each path keeps its own incremental file, so runs on different paths do not
 * overwrite each other's results. With `--tests` globs, vitest reads the narrowed config (the globs
 * themselves travel in MUTATE_TESTS, see `narrowedTestsEnv`).
 */
export function strykerOptions(
  /** @type {string} */ target,
  /** @type {boolean} */ isDir,
  /** @type {string} */ reportDir,
  /** @type {string[]} */ tests = [],
) {
  const slug = reportSlug(target);
  const file = (/** @type {string} */ ext) => path.posix.join(reportDir, `${slug}.${ext}`);
  return {
    configFile: 'stryker.config.mjs',
    mutate: mutateGlobs(target, isDir),
    incremental: true,
    incrementalFile: path.posix.join(reportDir, `${incrementalSlug(target, isDir)}.incremental.json`),
    htmlReporter: { fileName: file('html') },
    jsonReporter: { fileName: file('json') },
    ...(tests.length > 0 ? { vitest: { configFile: NARROWED_VITEST_CONFIG, related: true } } : {}),
  };
}

/**
 * The Stryker runs for the paths given, each path `{ target, isDir }`: paths that share an incremental
 * file (files of one folder) are mutated in one run, so the sandbox is copied and the tests' first run
 * made once for all of them (on these busy machines that costs a minute or two a run). A run of several
 * paths reports under their folder's name.
 */
export function runPlans(
  /** @type {{ target: string, isDir: boolean }[]} */ targets,
  /** @type {string} */ reportDir,
  /** @type {string[]} */ tests = [],
) {
  /** @type {Map<string, { target: string, isDir: boolean }[]>} */
  const groups = new Map();
  for (const t of targets) {
    const key = incrementalSlug(t.target, t.isDir);
    groups.set(key, [...(groups.get(key) ?? []), t]);
  }
  return [...groups.entries()].map(([slug, group]) => {
    const first = /** @type {{ target: string, isDir: boolean }} */ (group[0]);
    const options = strykerOptions(first.target, first.isDir, reportDir, tests);
    if (group.length === 1) return { targets: group, options };
    const file = (/** @type {string} */ ext) => path.posix.join(reportDir, `${slug}.${ext}`);
    return {
      targets: group,
      options: {
        ...options,
        mutate: group.flatMap((t) => mutateGlobs(t.target, t.isDir)),
        htmlReporter: { fileName: file('html') },
        jsonReporter: { fileName: file('json') },
      },
    };
  });
}

/** The environment variable scripts/mutate-vitest.config.mjs reads the `--tests` globs from. */
export const narrowedTestsEnv = (/** @type {string[]} */ tests) => ({
  MUTATE_TESTS: tests.join(','),
});
