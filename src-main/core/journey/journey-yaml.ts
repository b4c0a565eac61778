import { Document, isMap, isScalar, isSeq, type Node, type YAMLMap, type YAMLSeq } from 'yaml';
import type { JourneyScenario } from './journey-scenario';

/** Where a file in a project's scenarios/ folder finds the published JSON Schema. */
export const SCHEMA_REF = '../docs/scenario.schema.json';

/** Short maps on one line (`{ test_person: SE }`), long ones (an address) as blocks. */
function flowIfShort(node: unknown, width = 80): void {
  if (!isMap(node)) return;
  if (JSON.stringify(node.toJSON()).length <= width) node.flow = true;
  else for (const p of node.items) flowIfShort(p.value);
}

/** A step's or expectation's comment: beside a one-line item, above a block. */
function commentItem(item: YAMLMap, comment: string | undefined): void {
  for (const p of item.items) flowIfShort(p.value);
  if (!comment) return;
  const value = item.items[0]?.value as Node | null | undefined;
  if (value && (isScalar(value) || (isMap(value) && value.flow))) value.comment = ` ${comment}`;
  else item.commentBefore = ` ${comment}`;
}

/** A saved journey as YAML: the schema line, comments saying where each part came from, no empty keys. */
export function journeyYaml(j: JourneyScenario): string {
  const doc = new Document(j.scenario);
  // An in-person session has no merchant callbacks: the till's part is played by the runner itself.
  const run = j.merchantUrl
    ? `checkout-sim run FILE (the merchant: merchant_url below; --merchant-url URL runs it against another)`
    : j.scenario.in_person
      ? 'checkout-sim run FILE'
      : 'checkout-sim run FILE (the merchant: the sample shop)';
  doc.commentBefore = [
    ` yaml-language-server: $schema=${SCHEMA_REF}`,
    ` Saved from what the simulator recorded; run it with: ${run}`,
    ...j.notes.map((n) => ` ${n}`),
  ].join('\n');
  const top = doc.contents as YAMLMap;
  for (const p of top.items) {
    const key = String((p.key as { value?: unknown }).value ?? p.key);
    const comment = j.comments[key as keyof JourneyScenario['comments']];
    if (comment) (p.key as Node).commentBefore = ` ${comment}`;
    if (key === 'faults' || key === 'settings') flowIfShort(p.value);
  }
  const order = doc.get('order') as YAMLMap | undefined;
  const from = order?.get('from_merchant') as YAMLSeq | undefined;
  for (const r of from?.items ?? []) flowIfShort(r, 100);
  const inPerson = doc.get('in_person') as YAMLMap | undefined;
  flowIfShort(inPerson?.get('device'), 100);
  const items = (inPerson?.get('session') as YAMLMap | undefined)?.get('order_items') as YAMLSeq | undefined;
  for (const it of items?.items ?? []) flowIfShort(it, 100);
  // The session's statuses in order read as one line: [CREATED, ACTIVE, FINALIZED].
  for (const it of (doc.get('expect') as YAMLSeq).items) {
    const history = ((it as YAMLMap).get('session') as YAMLMap | undefined)?.get('history');
    if (isSeq(history)) history.flow = true;
  }
  (doc.get('steps') as YAMLSeq).items.forEach((it, i) => commentItem(it as YAMLMap, j.steps[i]?.comment));
  (doc.get('expect') as YAMLSeq).items.forEach((it, i) => commentItem(it as YAMLMap, j.expect[i]?.comment));
  return doc.toString({ lineWidth: 110, nullStr: '', flowCollectionPadding: true });
}
