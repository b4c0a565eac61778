import type { OpOutput } from '@shared/contract/control';
import type { Core } from '../../core/create-core';
import { notFound } from '../../core/errors';
import type { App } from '../app';
import { json } from '../json';
import { SCENARIO_EXPORT_PATH } from './automation/scenario-coverage';

/**
 * The automation routes written by hand (sim-defined, on the provider API's base URL, same Basic auth):
 * their answers differ from the console operation's in ways automation/coverage.ts says. Every other
 * route under `/test_helpers` is generated from the control contract (automation/automation-routes.ts).
 */
export function testHelperRoutes(app: App, core: Core): void {
  // Oldest first, `{exchanges}`: the order a script reads an order's story in.
  app.route('GET', '/test_helpers/exchanges', 'test_helpers.exchanges', async (c) => {
    const q = new URLSearchParams(c.req.search);
    const orderId = q.get('order_id') ?? undefined;
    const limit = Math.min(Math.max(Number(q.get('limit') ?? 1000) || 1000, 1), 10_000);
    return json(200, { exchanges: await core.exchanges.list({ orderId, limit, ascending: true }) });
  });

  // `{run_id}` answers the scorecard; `{run_id}.json` and `{run_id}.xml` are the downloads (JUnit XML for CI).
  app.route('GET', '/test_helpers/integrator/conformance/:run', 'test_helpers.conformance.read', (c) => {
    const { conformance } = core.shipping;
    // `[^]`, not `.`: a run id is whatever the path held, line breaks included (%0A), and must match.
    const m = /^([^]*?)(?:\.(json|xml))?$/.exec(c.params.run!)!;
    const runId = m[1]!;
    if (!m[2]) {
      const card = conformance.get(runId);
      if (!card) throw notFound(`conformance run ${runId}`);
      return json(200, card);
    }
    const file = conformance.export(runId, m[2] as 'json' | 'xml');
    return {
      status: 200,
      headers: {
        'Content-Type': `${file.content_type}; charset=utf-8`,
        'Content-Disposition': `attachment; filename="${file.filename}"`,
      },
      body: file.body,
    };
  });

  // The journey's scenario file itself (YAML), where the operation answers `{file_name, yaml}`.
  app.route('GET', SCENARIO_EXPORT_PATH, 'test_helpers.scenarios.export', async (c) => {
    const orderId = c.params.order_id!;
    const file = (await core.control.invoke('scenarios.export', { orderId })) as OpOutput<'scenarios.export'>;
    return {
      status: 200,
      headers: {
        'Content-Type': 'application/yaml; charset=utf-8',
        'Content-Disposition': `attachment; filename="${file.file_name}"`,
      },
      body: file.yaml,
    };
  });
}
