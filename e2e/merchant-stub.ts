import { startLoopbackServer } from './loopback-server';

/** What a stub handler answers; `body` is sent as JSON unless it is a string. */
export interface StubAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A handler per path, given the request's parsed JSON body. */
export type StubHandlers = Record<string, (body: Record<string, unknown>) => StubAnswer>;

export interface MerchantStub {
  /** Base URL, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** Every call received, in order. */
  calls: Array<{ path: string; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

/** A merchant's server on 127.0.0.1 and a free port, answering callbacks with the given handlers. */
export async function startMerchantStub(handlers: StubHandlers): Promise<MerchantStub> {
  const calls: MerchantStub['calls'] = [];
  const server = await startLoopbackServer((req, raw, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    let body: Record<string, unknown> = {};
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    } catch {
      // Not JSON: the handler gets {}.
    }
    calls.push({ path, body });
    const handler = handlers[path];
    const answer = handler ? handler(body) : { status: 404, body: { error: `no handler for ${path}` } };
    const text =
      answer.body === undefined
        ? ''
        : typeof answer.body === 'string'
          ? answer.body
          : JSON.stringify(answer.body);
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    res.end(text);
  });
  return { ...server, calls };
}

export interface StubLine {
  type?: string;
  reference?: string;
  name: string;
  quantity: number;
  unit_price: number;
  tax_rate: number;
  total_amount: number;
  total_tax_amount: number;
  total_discount_amount?: number;
}

/** A line the way a merchant computes it: total = qty × price − discount, tax = total − total × 10000 / (10000 + rate). */
export function stubLine(
  l: Pick<StubLine, 'name' | 'quantity' | 'unit_price' | 'tax_rate'> & Partial<StubLine>,
): StubLine {
  const total = l.quantity * l.unit_price - (l.total_discount_amount ?? 0);
  const tax = Math.round(total - (total * 10000) / (10000 + l.tax_rate));
  return { type: 'physical', ...l, total_amount: total, total_tax_amount: tax };
}

/** A cart answer (totals summed) for a list of lines. */
export function stubCart(lines: StubLine[]) {
  return {
    order_amount: lines.reduce((s, l) => s + l.total_amount, 0),
    order_tax_amount: lines.reduce((s, l) => s + l.total_tax_amount, 0),
    order_lines: lines,
  };
}
