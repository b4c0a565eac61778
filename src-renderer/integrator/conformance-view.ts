import { type RuleResult, type Scorecard } from '@shared/schemas/shipping-assistant.schema';

/*
 * The conformance scorecard as the console shows it: rules grouped by the step of the fixed sequence, a
 * verdict in one line, and long messages split into the items they list.
 */

const GROUPS: Array<{ prefix: string; title: string }> = [
  { prefix: 'auth.', title: 'Authentication' },
  { prefix: 'options.preview.', title: 'Preview call (country only)' },
  { prefix: 'options.full.', title: 'Full-address call' },
  { prefix: 'options.locations.', title: 'Location search (country and postal code)' },
  { prefix: 'shipment.create.', title: 'POST /shipment' },
  { prefix: 'shipment.update.', title: 'PUT /shipment/{shipment_id}' },
  { prefix: 'shipment.read.', title: 'GET /shipment/{shipment_id}' },
];

export interface RuleGroup {
  title: string;
  rules: RuleResult[];
}

/** Rules in run order, grouped by the step they check; rules of no known step go under "Every answer". */
export function groupRules(rules: readonly RuleResult[]): RuleGroup[] {
  const groups: RuleGroup[] = [];
  for (const r of rules) {
    const title = GROUPS.find((g) => r.id.startsWith(g.prefix))?.title ?? 'Every answer';
    const last = groups[groups.length - 1];
    if (last && last.title === title) last.rules.push(r);
    else groups.push({ title, rules: [r] });
  }
  return groups;
}

/** `(1) a; (2) b` → `['a', 'b']`; any other message stays one item. */
export function messageItems(message: string): string[] {
  if (!/^\(1\) /.test(message)) return [message];
  return message
    .split(/(?:;\s*)?\(\d+\)\s+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** One line for the scorecard's head. */
export function verdict(card: Pick<Scorecard, 'passed' | 'failed' | 'skipped'>): {
  tone: 'ok' | 'bad';
  text: string;
} {
  const total = card.passed + card.failed + card.skipped;
  if (card.failed === 0 && card.skipped === 0) return { tone: 'ok', text: `All ${total} rules pass` };
  const parts = [`${card.failed} of ${total} rules fail`];
  if (card.skipped > 0) parts.push(`${card.skipped} skipped`);
  return { tone: card.failed > 0 ? 'bad' : 'ok', text: parts.join(', ') };
}

/**
 * A rule's spec reference split into its sources: `a.md § X; § Y; GAPS.md (200; media type)` →
 * `['a.md § X', '§ Y', 'GAPS.md (200; media type)']`. Semicolons inside parentheses do not split.
 */
export function specRefParts(ref: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of ref) {
    if (ch === '(') depth++;
    if (ch === ')') depth = Math.max(0, depth - 1);
    if (ch === ';' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}
