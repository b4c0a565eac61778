// The HTML report's parts of a comparison (--compare), as exact markup: the header's line, a scenario's
// list of differences and an exchange's own.
import { describe, expect, it } from 'vitest';
import { report, scenario, T0 } from '../compare/test-kit/reports';
import { comparisonHeader, differencesList, exchangeDifferences } from './html-differences';
import { reportTime } from './html-time';

const comparison = (over: object = {}) => ({
  earlier: 'before <1>.json',
  earlier_started_at: T0,
  differences: 0,
  scenarios_differing: 0,
  ignored: [] as string[],
  only_in_earlier: [] as { file: string; name: string }[],
  ...over,
});

describe('the header’s line', () => {
  it('says the merchant did the same, with nothing more', () => {
    expect(comparisonHeader(report([], { comparison: comparison() }))).toBe(
      `<p class="meta" data-testid="comparison">compared with <code>before &lt;1&gt;.json</code> (run ${reportTime(T0)}): the merchant did the same</p>`,
    );
    expect(comparisonHeader(report([]))).toBe('');
  });

  it('counts differences and scenarios, names what was not compared and what is only in the earlier report', () => {
    const c = comparison({
      differences: 1,
      scenarios_differing: 1,
      ignored: ['a.b', 'c<d>'],
      only_in_earlier: [
        { file: 'scenarios/g.yaml', name: 'Gone & old' },
        { file: 'scenarios/h.yaml', name: 'Also gone' },
      ],
    });
    expect(comparisonHeader(report([], { comparison: c }))).toBe(
      `<p class="meta" data-testid="comparison">compared with <code>before &lt;1&gt;.json</code> (run ${reportTime(T0)}): ` +
        '<b class="differs">1 difference</b> in 1 scenario · not compared: <code>a.b</code>, <code>c&lt;d&gt;</code></p>' +
        '<ul class="differences" data-testid="only-in-earlier"><li>only in the earlier report: Gone &amp; old <code>scenarios/g.yaml</code></li>' +
        '<li>only in the earlier report: Also gone <code>scenarios/h.yaml</code></li></ul>',
    );
    const many = comparison({ differences: 3, scenarios_differing: 2 });
    expect(comparisonHeader(report([], { comparison: many }))).toContain(
      '<b class="differs">3 differences</b> in 2 scenarios</p>',
    );
  });
});

describe('a scenario’s differences', () => {
  const link = (id: string) => `<a href="#x-${id}">${id}</a>`;

  it('none without a comparison; a line when the merchant did the same', () => {
    expect(differencesList(scenario({}), link)).toBe('');
    expect(differencesList(scenario({ differences: [] }), link)).toBe(
      '<h3>Differences from the earlier run</h3><p class="muted" data-testid="differences">None: the merchant did the same.</p>',
    );
  });

  it('each difference, linked to its exchange when it has one', () => {
    const s = scenario({
      differences: [{ text: 'push <1> changed', exchange_id: 'x1' }, { text: 'one call fewer' }] as never,
    });
    expect(differencesList(s, link)).toBe(
      '<h3>Differences from the earlier run <span class="muted">(2)</span></h3><ul class="differences" data-testid="differences">' +
        '<li data-testid="difference"><span class="mark">≠</span> push &lt;1&gt; changed <a href="#x-x1">x1</a></li>' +
        '<li data-testid="difference"><span class="mark">≠</span> one call fewer</li></ul>',
    );
  });

  it('an exchange’s own differences under its request, none for another', () => {
    const s = scenario({
      differences: [
        { text: 'a & b', exchange_id: 'x1' },
        { text: 'c', exchange_id: 'x2' },
        { text: 'd', exchange_id: 'x1' },
      ] as never,
    });
    expect(exchangeDifferences(s, 'x1')).toBe(
      '<ul class="differences" data-testid="exchange-differences"><li>≠ a &amp; b</li><li>≠ d</li></ul>',
    );
    expect(exchangeDifferences(s, 'x3')).toBe('');
    expect(exchangeDifferences(scenario({}), 'x1')).toBe('');
  });
});
