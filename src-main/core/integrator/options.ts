import { ShippingOptionsRequestSchema, type ShippingOption } from '@shared/schemas/integrator.schema';
import { schemaProblems } from '@shared/rules/schema-problems';
import type { Clock } from '../clock';
import { invalid } from '../errors';
import { bodyHash } from '../exchanges/body-hash';
import { buildOptions } from './catalogue/catalogue';

export interface OptionsAnswer {
  /** `{"shipping_options": […]}` as sent. */
  json: string;
  options: ShippingOption[];
  orderId: string | null;
  /** Content hashes of `json` and of the request text, computed once per memoized answer (for the log). */
  hash: string;
  requestHash: string;
}

const HOUR_MS = 3_600_000;
const MEMO_SIZE = 500;
/** Bodies larger than this are not memoized (a cart that big is rare; the key would cost memory). */
const MEMO_MAX_KEY = 32 * 1024;

/** Parses a JSON request body, refusing it with the integrator's failure reason. */
export function parseBody(text: string): unknown {
  const bad = (message: string) => invalid([{ path: '(body)', message }], 'invalid_request');
  if (text.trim() === '') throw bad('a JSON body is required');
  try {
    return JSON.parse(text);
  } catch (err) {
    throw bad(`is not valid JSON (${err instanceof Error ? err.message : String(err)})`);
  }
}

/**
 * POST /shippingoptions answers. The catalogue is deterministic per clock hour, so an answer is memoized
 * by the request text for the rest of that hour: the checkout sends the same request on every refresh,
 * and the benchmark too, and neither then pays for parsing, validating or building.
 */
export class IntegratorOptions {
  private memo = new Map<string, OptionsAnswer>();
  private memoHour = -1;

  constructor(private readonly clock: Clock) {}

  answer(text: string): OptionsAnswer {
    const now = this.clock.now();
    const hour = Math.floor(now / HOUR_MS);
    if (hour !== this.memoHour) {
      this.memo.clear();
      this.memoHour = hour;
    }
    const hit = this.memo.get(text);
    if (hit) return hit;
    const answer = this.compute(text, now);
    if (text.length <= MEMO_MAX_KEY) {
      if (this.memo.size >= MEMO_SIZE) this.memo.delete(this.memo.keys().next().value!);
      this.memo.set(text, answer);
    }
    return answer;
  }

  private compute(text: string, now: number): OptionsAnswer {
    const parsed = ShippingOptionsRequestSchema.safeParse(parseBody(text));
    if (!parsed.success) throw invalid(schemaProblems(parsed.error), 'invalid_request');
    const options = buildOptions(parsed.data, now);
    const json = JSON.stringify({ shipping_options: options });
    return {
      json,
      options,
      orderId: parsed.data.order.id ?? null,
      hash: bodyHash(json),
      requestHash: bodyHash(text),
    };
  }
}
