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
    expect(errors).toEqual(["Layer 'shared' must not import 'node:fs' (see docs/architecture.md, layers)."]);
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

  it('keeps the HTTP stack (net) below core and http: it imports neither, both import it', async () => {
    expect(
      await layerErrors(
        'src-main/net/bad.ts',
        "import { splitTarget } from '../http/router';\nimport { systemClock } from '../core/clock';\nexport const x = [splitTarget, systemClock];\n",
      ),
    ).toEqual([
      expect.stringContaining("Layer 'net' must not import from layer 'http'"),
      expect.stringContaining("Layer 'net' must not import from layer 'core'"),
    ]);
    expect(
      await layerErrors(
        'src-main/net/bad.ts',
        "import Database from 'better-sqlite3';\nexport const x = Database;\n",
      ),
    ).toEqual(["Layer 'net' must not import 'better-sqlite3' (see docs/architecture.md, layers)."]);
    expect(
      await layerErrors(
        'src-main/net/ok.ts',
        "import type { RawAnswer } from '@shared/rules/callback-answers';\nimport { connect } from 'node:net';\nexport type X = RawAnswer;\nexport const y = connect;\n",
      ),
    ).toEqual([]);
    for (const from of [
      'src-main/core/ok.ts',
      'src-main/http/ok.ts',
      'src-main/boot/ok.ts',
      'src-main/cli/ok.ts',
    ]) {
      expect(
        await layerErrors(
          from,
          "import { wireCall } from '../net/wire-client';\nexport const x = wireCall;\n",
        ),
      ).toEqual([]);
    }
    expect(
      await layerErrors(
        'src-main/store/bad.ts',
        "import { wireCall } from '../net/wire-client';\nexport const x = wireCall;\n",
      ),
    ).toHaveLength(1);
  });

  it('holds the test kits to the rule: only tests import them, and they import no shell', async () => {
    const kit = "import { tempCore } from '../test-kit/temp-core';\nexport const x = tempCore;\n";
    expect(await layerErrors('src-main/core/bad.ts', kit)).toEqual([
      "Layer 'core' must not import from 'test-kit' ('../test-kit/temp-core'): only tests may.",
    ]);
    expect(await layerErrors('src-main/core/good.test.ts', kit)).toEqual([]);
    expect(
      await layerErrors(
        'src-main/test-kit/bad.ts',
        "import { app } from '../electron/main';\nexport const x = app;\n",
      ),
    ).toEqual([
      "Layer 'test-kit' must not import from layer 'electron' ('../electron/main'); allowed: shared, store, net, core, http, boot, scenario-runner, test-kit.",
    ]);
  });

  it('allows the arrows of docs/architecture.md', async () => {
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
        'src-main/scenario-runner/bad.ts',
        "import { createCore } from '../core/create-core';\nexport const x = createCore;\n",
      ),
    ).toEqual([
      "Layer 'scenario-runner' must not import from layer 'core' ('../core/create-core'); allowed: shared, scenario-runner.",
    ]);
    expect(
      await layerErrors(
        'src-main/scenario-runner/bad.ts',
        "import Database from 'better-sqlite3';\nexport const x = Database;\n",
      ),
    ).toHaveLength(1);
    expect(
      await layerErrors(
        'src-main/scenario-runner/ok.ts',
        "import { ScenarioSchema } from '@shared/schemas/scenario.schema';\nimport { parse } from 'yaml';\nexport const x = [ScenarioSchema, parse];\n",
      ),
    ).toEqual([]);
    for (const from of ['src-main/core/ok.ts', 'src-main/cli/ok.ts'])
      expect(
        await layerErrors(
          from,
          "import { runScenarios } from '../scenario-runner/run-scenarios';\nexport const x = runScenarios;\n",
        ),
      ).toEqual([]);
    expect(
      await layerErrors(
        'src-renderer/bad.ts',
        "import { runScenarios } from '../src-main/scenario-runner/run-scenarios';\nexport const x = runScenarios;\n",
      ),
    ).toHaveLength(1);
  });

  it('keeps bench over tools: bench imports the tools, the tools never import bench', async () => {
    const processes =
      "import { startSimulator } from '../tools/sim-processes.mjs';\nexport const x = startSimulator;\n";
    expect(await layerErrors('bench/ok.mjs', processes)).toEqual([]);
    expect(
      await layerErrors(
        'tools/bad.mjs',
        "import { AUTH } from '../bench/lib.mjs';\nexport const x = AUTH;\n",
      ),
    ).toEqual([
      "Layer 'tools' must not import from layer 'bench' ('../bench/lib.mjs'); allowed: scripts, shop, tools.",
    ]);
    for (const from of ['tools/ok.mjs', 'bench/ok.mjs', 'bin/ok.mjs'])
      expect(
        await layerErrors(
          from,
          "import { ensureBuilt } from '../scripts/ensure-built.mjs';\nexport const x = ensureBuilt;\n",
        ),
      ).toEqual([]);
  });

  it('keeps the product out of bench, tools, e2e and scripts', async () => {
    for (const [spec, layer] of [
      ['../../tools/sim-processes.mjs', 'tools'],
      ['../../bench/lib.mjs', 'bench'],
      ['../../e2e/helpers', 'e2e'],
      ['../../scripts/start-plan.mjs', 'scripts'],
    ])
      expect(
        await layerErrors('src-main/core/bad.ts', `import * as m from '${spec}';\nexport const x = m;\n`),
      ).toEqual([expect.stringContaining(`Layer 'core' must not import from layer '${layer}'`)]);
  });

  it("lets the browser tests read shared rules and the console's types, not the main process", async () => {
    expect(
      await layerErrors(
        'e2e/ok.spec.ts',
        "import { SAMPLE_ORDER } from '../shared/samples/samples';\nimport type { Har } from '../src-renderer/log/har';\nexport const x: [unknown, Har | null] = [SAMPLE_ORDER, null];\n",
      ),
    ).toEqual([]);
    expect(
      await layerErrors(
        'e2e/bad.ts',
        "import { createCore } from '../src-main/core/create-core';\nexport const x = createCore;\n",
      ),
    ).toEqual([expect.stringContaining("Layer 'e2e' must not import from layer 'core'")]);
  });

  it('keeps the scripts to themselves, but lets their tests check against the store', async () => {
    const store =
      "import { electronAddonFile } from '../src-main/store/native-binding';\nexport const x = electronAddonFile;\n";
    expect(await layerErrors('scripts/bad.mjs', store)).toEqual([
      "Layer 'scripts' must not import from layer 'store' ('../src-main/store/native-binding'); allowed: scripts.",
    ]);
    expect(await layerErrors('scripts/ok.test.ts', store)).toEqual([]);
    expect(
      await layerErrors(
        'bin/bad.mjs',
        "import { ROOT } from '../tools/sim-processes.mjs';\nexport const x = ROOT;\n",
      ),
    ).toEqual([expect.stringContaining("Layer 'bin' must not import from layer 'tools'")]);
  });

  it("keeps a layer's test-kit folder for tests: product code may not import it, the kit keeps its layer's arrows", async () => {
    const sockets = "import { echo } from './test-kit/wire-sockets';\nexport const x = echo;\n";
    expect(await layerErrors('src-main/net/ok.test.ts', sockets)).toEqual([]);
    expect(await layerErrors('src-main/net/bad.ts', sockets)).toEqual([
      "Layer 'net' must not import from a test kit ('./test-kit/wire-sockets'): only tests may.",
    ]);
    expect(
      await layerErrors(
        'src-main/store/test-kit/ok.ts',
        "import { tempMainFile } from './main-files';\nimport { FIXTURE_EXCHANGES } from './log-fixtures/fixture-exchanges';\nexport const x = [tempMainFile, FIXTURE_EXCHANGES];\n",
      ),
    ).toEqual([]);
    expect(
      await layerErrors(
        'src-main/net/test-kit/bad.ts',
        "import { systemClock } from '../../core/clock';\nexport const x = systemClock;\n",
      ),
    ).toEqual([expect.stringContaining("Layer 'net' must not import from layer 'core'")]);
    expect(
      await layerErrors(
        'src-renderer/bad.test.ts',
        "import { echo } from '../src-main/net/test-kit/wire-sockets';\nexport const x = echo;\n",
      ),
    ).toEqual([expect.stringContaining("Layer 'renderer' must not import from layer 'net'")]);
  });
});

describe("sim/layers inside the core: the folders' one-way order", () => {
  it('fails on each of the five circles the core had, in the direction that was removed', async () => {
    for (const [file, spec] of [
      ['src-main/core/checkout/bad.ts', '../shipping/shipping-hooks'],
      ['src-main/core/clock/bad.ts', '../timers/timer-service'],
      ['src-main/core/exchanges/bad.ts', '../outbound/callback-client'],
      ['src-main/core/order-management/bad.ts', '../push/push-service'],
      ['src-main/core/order-management/bad.ts', '../upsell/upsell-service'],
    ] as [string, string][])
      expect(
        await layerErrors(file, `import type * as m from '${spec}';\nexport type X = typeof m;\n`),
      ).toEqual([expect.stringContaining('stands below core/')]);
  });

  it('allows the other direction, a folder its own files, and the root ground below every folder', async () => {
    for (const [file, spec] of [
      ['src-main/core/shipping/ok.ts', '../checkout/session-state'],
      ['src-main/core/timers/ok.ts', '../clock/clock-registry'],
      ['src-main/core/outbound/ok.ts', '../exchanges/exchange-log'],
      ['src-main/core/push/ok.ts', '../order-management/order-management'],
      ['src-main/core/upsell/ok.ts', '../order-management/order-management'],
      ['src-main/core/checkout/ok.ts', './session-state'],
      ['src-main/core/clock/ok.ts', '../errors'],
      ['src-main/core/settings.ts', './clock/sim-clock'],
    ] as [string, string][])
      expect(await layerErrors(file, `import * as m from '${spec}';\nexport const x = m;\n`)).toEqual([]);
  });

  it('keeps the composition on top: it imports any folder, no folder imports it but tests', async () => {
    const compose = "import { createCore } from '../create-core';\nexport const x = createCore;\n";
    expect(await layerErrors('src-main/core/push/bad.ts', compose)).toEqual([
      expect.stringContaining("core/create-core.ts is the core's composition: no folder imports it"),
    ]);
    expect(await layerErrors('src-main/core/push/ok.test.ts', compose)).toEqual([]);
    expect(
      await layerErrors(
        'src-main/core/after-purchase-handlers.ts',
        "import { pushPlan } from './push/push-timeline';\nimport type { UpsellService } from './upsell/upsell-service';\nexport const x: [unknown, UpsellService | null] = [pushPlan, null];\n",
      ),
    ).toEqual([]);
    expect(
      await layerErrors(
        'src-main/core/clock/bad.ts',
        "import { x } from '../settings';\nexport const y = x;\n",
      ),
    ).toEqual([expect.stringContaining('core/clock/ stands below core/settings.ts')]);
  });

  it('asks a new folder for its place in the order', async () => {
    expect(
      await layerErrors(
        'src-main/core/brand-new/bad.ts',
        "import { x } from '../errors';\nexport const y = x;\n",
      ),
    ).toEqual([expect.stringContaining("core/brand-new/ has no place in the core's order")]);
  });
});

describe('sim/layers inside the console: features and shared folders', () => {
  it('fails when a feature imports another feature, or the shell', async () => {
    expect(
      await layerErrors(
        'src-renderer/session/bad.tsx',
        "import { OrdersPage } from '../orders/OrdersPage';\nexport const x = OrdersPage;\n",
      ),
    ).toEqual([
      expect.stringContaining('the feature src-renderer/session/ must not import the feature orders/'),
    ]);
    expect(
      await layerErrors(
        'src-renderer/log/bad.ts',
        "import { App } from '../app/App';\nexport const x = App;\n",
      ),
    ).toEqual([expect.stringContaining('src-renderer/log/ must not import the shell (app/)')]);
  });

  it('keeps ui/ and api/ below every feature and the shell', async () => {
    expect(
      await layerErrors(
        'src-renderer/api/bad.ts',
        "import { apKeys } from '../after-purchase/OmPanel';\nexport const x = apKeys;\n",
      ),
    ).toEqual([
      expect.stringContaining('src-renderer/api/ is shared and must not import the feature after-purchase/'),
    ]);
    expect(
      await layerErrors(
        'src-renderer/ui/bad.ts',
        "import { Sidebar } from '../app/Sidebar';\nexport const x = Sidebar;\n",
      ),
    ).toEqual([expect.stringContaining('src-renderer/ui/ must not import the shell (app/)')]);
    expect(
      await layerErrors(
        'src-renderer/api/bad.ts',
        "import { Fold } from '../ui/Fold';\nexport const x = Fold;\n",
      ),
    ).toEqual([expect.stringContaining('src-renderer/api/ stands below src-renderer/ui/')]);
  });

  it("keeps ui/ and api/ off any other folder's store: the shell hands down what they need", async () => {
    // The import QueryStatus had before it read "the simulator is not answering" from a context.
    expect(
      await layerErrors(
        'src-renderer/ui/QueryStatus.tsx',
        "import { useConnectionStore } from '../api/connection-store';\nexport const x = useConnectionStore;\n",
      ),
    ).toEqual([
      expect.stringContaining('src-renderer/ui/ must not import a store (api/connection-store.ts)'),
    ]);
    expect(
      await layerErrors(
        'src-renderer/api/bad.ts',
        "import { useTerminalStore } from '../terminals/terminal-store';\nexport const x = useTerminalStore;\n",
      ),
    ).toEqual([
      expect.stringContaining('src-renderer/api/ must not import a store (terminals/terminal-store.ts)'),
    ]);
  });

  it('lets features use the shared folders and the shell use the features', async () => {
    for (const [file, spec] of [
      ['src-renderer/session/ok.tsx', '../parts/SaveAsScenario'],
      ['src-renderer/after-purchase/ok.tsx', '../timeline/TimelineCard'],
      ['src-renderer/timeline/ok.tsx', '../clock/countdown'],
      ['src-renderer/ui/ok.tsx', '../api/control-api'],
      ['src-renderer/ui/ok.tsx', './ui-store'],
      ['src-renderer/clock/ok.tsx', '../api/connection-store'],
      ['src-renderer/app/ok.tsx', '../session/SessionPage'],
    ] as [string, string][])
      expect(await layerErrors(file, `import * as m from '${spec}';\nexport const x = m;\n`)).toEqual([]);
  });
});
