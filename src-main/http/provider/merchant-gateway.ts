import type { MerchantAnswer, MerchantRequest } from '@shared/contract/merchant-ops';
import { CONSOLE_CALLER, CONSOLE_CALLER_HEADER } from '@shared/rules/exchange-filter';
import { VERSION } from '../../core/version';

/** A request as the provider API's app takes it (the router's HttpRequest, without a socket). */
export interface MerchantCall {
  method: string;
  path: string;
  search: string;
  headers: Record<string, string>;
  body: Buffer | null;
}

/** The provider API's answer (the router's HttpResponse). */
export interface MerchantReply {
  status: number;
  headers?: Record<string, string>;
  body?: string | null;
}

/** The provider API's own request handler: the code path every merchant request takes. */
export type MerchantApi = (call: MerchantCall) => MerchantReply | Promise<MerchantReply>;

/**
 * The console acting as the merchant ("Acknowledge", "Capture", "Start a payment"…): each request goes
 * through the provider API's app, its routes, checks and recording, exactly as a request from the
 * merchant's server would, with the merchant's Basic credentials. The request carries a marker header
 * (`x-sim-caller: console`) so the log shows who made it. Built beside the provider API's app
 * (http/console-control.ts), which hands it the app's handler.
 */
export class MerchantGateway {
  constructor(
    private readonly credentials: () => { username: string; password: string },
    /** The provider API's own handler. */
    private readonly api: MerchantApi,
  ) {}

  async request(r: MerchantRequest): Promise<MerchantAnswer> {
    const { username, password } = this.credentials();
    const [path = '', search = ''] = r.path.split(/\?(.*)/s, 2);
    const body = r.body === undefined ? null : Buffer.from(JSON.stringify(r.body));
    const headers: Record<string, string> = {
      host: 'console',
      authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
      accept: 'application/json',
      'user-agent': `CheckoutSimulator-Console/${VERSION}`,
      [CONSOLE_CALLER_HEADER]: CONSOLE_CALLER,
      ...(body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}),
      ...(r.idempotencyKey ? { 'klarna-idempotency-key': r.idempotencyKey } : {}),
    };
    const reply = await this.api({ method: r.method, path, search, headers, body });
    return { status: reply.status, headers: reply.headers ?? {}, body: parsed(reply.body ?? null) };
  }
}

function parsed(text: string | null): unknown {
  if (text === null || text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
