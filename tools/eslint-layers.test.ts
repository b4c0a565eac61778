import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'sim/layers').map((m) => m.message);
}

describe('sim/layers lint rule', () => {
  it('fails when shared/ imports node:fs', async () => {
    const errors = await layerErrors(
      'shared/bad.ts',
      "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
    );
    expect(errors).toEqual(["Layer 'shared' must not import 'node:fs' (see DESIGN.md layers)."]);
  });

  it('fails when the renderer imports src-main', async () => {
    const errors = await layerErrors(
      'src-renderer/bad.ts',
      "import { createCore } from '../src-main/core/create-core';\nexport const x = createCore;\n",
    );
    expect(errors[0]).toContain("Layer 'renderer' must not import from layer 'core'");
  });

  it('fails when the store imports core, and when core imports electron', async () => {
    expect(
      await layerErrors(
        'src-main/store/bad.ts',
        "import { systemClock } from '../core/clock';\nexport const x = systemClock;\n",
      ),
    ).toHaveLength(1);
    expect(
      await layerErrors('src-main/core/bad.ts', "import { app } from 'electron';\nexport const x = app;\n"),
    ).toHaveLength(1);
  });

  it('allows the arrows of DESIGN.md', async () => {
    expect(
      await layerErrors(
        'src-main/http/ok.ts',
        "import { systemClock } from '../core/clock';\nimport { z } from 'zod';\nexport const x = [systemClock, z];\n",
      ),
    ).toEqual([]);
    expect(
      await layerErrors(
        'src-renderer/ok.ts',
        "import { controlOps } from '@shared/contract/control';\nexport const x = controlOps;\n",
      ),
    ).toEqual([]);
  });

  it('keeps the scenario runner a client of the public APIs: shared only, used by core and the CLI', async () => {
    expect(
      await layerErrors(
        'src-main/scenarios/bad.ts',
        "import { createCore } from '../core/create-core';\nexport const x = createCore;\n",
      ),
    ).toEqual([
      "Layer 'scenarios' must not import from layer 'core' ('../core/create-core'); allowed: shared, scenarios.",
    ]);
    expect(
      await layerErrors(
        'src-main/scenarios/bad.ts',
        "import Database from 'better-sqlite3';\nexport const x = Database;\n",
      ),
    ).toHaveLength(1);
    expect(
      await layerErrors(
        'src-main/scenarios/ok.ts',
        "import { ScenarioSchema } from '@shared/schemas/scenario.schema';\nimport { parse } from 'yaml';\nexport const x = [ScenarioSchema, parse];\n",
      ),
    ).toEqual([]);
    for (const from of ['src-main/core/ok.ts', 'src-main/cli/ok.ts'])
      expect(
        await layerErrors(
          from,
          "import { runScenarios } from '../scenarios/run-scenarios';\nexport const x = runScenarios;\n",
        ),
      ).toEqual([]);
    expect(
      await layerErrors(
        'src-renderer/bad.ts',
        "import { runScenarios } from '../src-main/scenarios/run-scenarios';\nexport const x = runScenarios;\n",
      ),
    ).toHaveLength(1);
  });
});
