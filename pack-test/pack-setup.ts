// Packs the tarball once for every pack test (npm pack, as a release would), from the built out/.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildPlan } from '../scripts/ensure-built.mjs';
import { run } from './project';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The packed checkout-simulator-x.y.z.tgz. */
    tarball: string;
  }
}

const REPO = join(import.meta.dirname, '..');

export default async function setup(project: TestProject): Promise<() => void> {
  // A tarball made elsewhere (a release candidate, or an older commit's, to see these tests fail on it).
  const given = process.env.CHECKOUT_SIM_TARBALL;
  if (given) {
    project.provide('tarball', given);
    return () => undefined;
  }
  if (buildPlan(REPO).action !== 'run') throw new Error('out/ is missing or stale: run npm run build first');
  const dest = mkdtempSync(join(tmpdir(), 'checkout-sim-pack-'));
  const packed = await run('npm', ['pack', '--json', '--pack-destination', dest], REPO);
  if (packed.code !== 0) throw new Error(`npm pack failed:\n${packed.stderr}`);
  const [{ filename }] = JSON.parse(packed.stdout) as [{ filename: string }];
  project.provide('tarball', join(dest, filename));
  return () => rmSync(dest, { recursive: true, force: true });
}
