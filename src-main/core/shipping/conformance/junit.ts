import type { Scorecard } from '@shared/schemas/shipping-assistant.schema';

const escape = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** The scorecard as JUnit XML (one testcase per rule), for CI systems that read test reports. */
export function junitXml(card: Scorecard): string {
  const tests = card.rules.length;
  const seconds = (card.duration_ms / 1000).toFixed(3);
  const cases = card.rules.map((r) => {
    const name = `${r.id}: ${r.title}`;
    const detail = escape(
      `${r.message}\nSpec: ${r.spec_ref}\nExchanges: ${r.exchange_ids.join(', ') || 'none'}`,
    );
    const body =
      r.status === 'fail'
        ? `\n      <failure message="${escape(r.message)}" type="${escape(r.spec_ref)}">${detail}</failure>\n    `
        : r.status === 'skip'
          ? `\n      <skipped message="${escape(r.message)}"/>\n    `
          : '';
    return `    <testcase classname="integrator.${escape(r.id.split('.')[0]!)}" name="${escape(name)}">${body}</testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="Shipping integrator conformance" tests="${tests}" failures="${card.failed}" skipped="${card.skipped}" time="${seconds}">`,
    `  <testsuite name="${escape(`shipping-integrator-api ${card.base_url}`)}" id="${escape(card.run_id)}" tests="${tests}" failures="${card.failed}" errors="0" skipped="${card.skipped}" timestamp="${escape(card.at)}" time="${seconds}">`,
    `    <properties><property name="base_url" value="${escape(card.base_url)}"/><property name="identifier" value="${escape(card.identifier)}"/></properties>`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
