// Issue #33 point 6: the packed tarball installed into a fresh CommonJS and a fresh ESM project. Slow (an
// install compiles better-sqlite3), so it is its own run: `npm run test:pack` (vitest.pack.config.mts).
import { beforeAll, describe, inject, it } from 'vitest';
import * as check from './checks';
import { installFresh, type Project } from './project';

const tarball = inject('tarball');
let project: Project;

beforeAll(async () => {
  project = await installFresh(tarball);
});

describe('the packed tarball', () => {
  it('holds what runs and only that, within 1.5 MB', () => check.tarballHoldsWhatRuns(tarball));
});

describe('installed into a fresh project', () => {
  it('pulls in no build tools, Electron or Playwright', () => check.installsNoBuildTools(project));
  it('answers npx checkout-sim --help and --version', () => check.helpAndVersion(project));
  it('serves the API, console, checkout and shop; runs a scenario against it; exports its order', () =>
    check.serveRunExport(project));
  it('validates, runs a scenario on its own with a JUnit report, prints the OpenAPI document', () =>
    check.validateRunOpenapi(project));
  it('require()s the testing entry from CommonJS on a pinned port', () => check.requireFromCommonJs(project));
  it('imports the testing entry from ESM on a pinned port', () => check.importFromEsm(project));
  it('gives TypeScript the types for require and import', () => check.typesForBoth(project));
  it('serves https with a local CA that checkout-sim ca prints, and a request verifies against it', () =>
    check.servesHttpsWithPrintedCa(project));
  // Last: it takes a built file away for a moment.
  it('never rebuilds: a missing built file says the install is broken', () => check.neverRebuilds(project));
});
