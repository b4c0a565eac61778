import { describe, expect, it } from 'vitest';
import { parseScenario } from './scenario-file';
import type { MerchantRequest } from '@shared/schemas/scenario.schema';
import { merchantClient } from './merchant-client';
import type { RunClock } from './run-clock';
import {
  bodyGist,
  callbacksMissing,
  DEFAULT_MERCHANT_PATHS,
  merchantPaths,
  merchantStep,
  StepFailed,
} from './scenario-order';
import { merchantOf } from './run-scenarios';

const scenario = (order: string, expect = '[{ push_attempts: {} }]') =>
  parseScenario(`name: x\norder: ${order}\nsteps: []\nexpect: ${expect}\n`, 'a.yaml');

describe('order.merchant_urls', () => {
  it('adds to the sample shop’s defaults (it used to replace them, dropping address_update and the rest)', () => {
    const s = scenario('{ merchant_urls: { validation: /my/validation } }');
    expect(merchantPaths(s.order!)).toEqual({ ...DEFAULT_MERCHANT_PATHS, validation: '/my/validation' });
  });

  it('removes a callback whose key is set to null', () => {
    const paths = merchantPaths(scenario('{ merchant_urls: { address_update: null } }').order!);
    expect(paths).not.toHaveProperty('address_update');
    expect(paths.push).toBe(DEFAULT_MERCHANT_PATHS.push);
  });

  it('adds to the create body’s own merchant_urls when it has them, not to the defaults', () => {
    const s = scenario('{ create: { merchant_urls: { push: /p } }, merchant_urls: { terms: /t } }');
    expect(merchantPaths(s.order!)).toEqual({ push: '/p', terms: '/t' });
  });

  it('names each expectation on a callback (its calls or its cart) the order then lacks, and how to fix it', () => {
    const s = scenario(
      '{ merchant_urls: { address_update: null } }',
      '[{ callback: { name: push } }, { callback: { name: address_update } }, { push_attempts: {} }, { cart_after: { callback: address_update } }]',
    );
    const fix =
      'but the order has no merchant_urls.address_update (order.merchant_urls sets it to null, or order.create.merchant_urls leaves it out): give it a path, or drop the expectation';
    expect(callbacksMissing(s, merchantPaths(s.order!))).toEqual([
      `expect[1] judges the address_update callback, ${fix}`,
      `expect[3] judges the address_update callback, ${fix}`,
    ]);
  });
});

describe('merchant_url', () => {
  it('is the merchant a file runs against unless --merchant-url overrides it', () => {
    const s = parseScenario(
      'name: x\nmerchant_url: http://localhost:3000/\nsteps: []\nexpect: [{ push_attempts: {} }]\n',
      'a.yaml',
    );
    expect(merchantOf(s, { merchantUrl: 'http://shop.test' })).toBe('http://localhost:3000');
    expect(merchantOf(s, { merchantUrl: 'http://other.test', merchantOverride: true })).toBe(
      'http://other.test',
    );
    expect(merchantOf({}, { merchantUrl: 'http://shop.test' })).toBe('http://shop.test');
  });

  it('refuses what is not an http(s) URL, naming the field', () => {
    expect(() =>
      parseScenario(
        'name: x\nmerchant_url: localhost:3000\nsteps: []\nexpect: [{ push_attempts: {} }]\n',
        'a.yaml',
      ),
    ).toThrow(/merchant_url \(a\.yaml:2:15\): must be an http or https URL/);
  });
});

describe('the start of a merchant’s answer, as an error quotes it', () => {
  const page = (body: string) =>
    `<!doctype html><html><head><title>Shop</title></head><body class="shop">${body}</body></html>`;
  it.each<[string, string, string]>([
    ['text: its first line', 'Sold out\nback soon', 'Sold out'],
    ['text: blanks run together', '  a \t  b  ', 'a b'],
    ['nothing', '', '(empty)'],
    // Only an answer that starts as a page is read as one: a JSON or text error is quoted as written.
    [
      'text that names a page tag further in',
      'error: <html> expected &amp; <b>none</b>',
      'error: <html> expected &amp; <b>none</b>',
    ],
    ['text with tags and entities', 'Use <b>bold</b> &amp; <i>more</i>', 'Use <b>bold</b> &amp; <i>more</i>'],
    [
      'a page: its main content’s first two lines',
      page('<nav>Menu</nav><main id="cart"><h1>Checkout</h1><p>Your cart is empty.</p><p>More</p></main>'),
      'Checkout · Your cart is empty.',
    ],
    [
      'a page without main: its body, scripts and styles left out',
      page('<script>var a = 1;</script><style>p {}</style><div>Gone</div>'),
      'Gone',
    ],
    ['a page’s line breaks and list items', '<HTML><body>a<br>b<br/>c</body></HTML>', 'a · b'],
    [
      'a page’s entities',
      page('<ul><li>&lt;b&gt; &amp; &quot;c&quot;</li><li>&#39;d&#39;</li></ul>'),
      '<b> & "c" · \'d\'',
    ],
    ['a page without a body', '  <html>just text</html>', 'just text'],
    ['a page with nothing to read', page('<main> </main>'), '(empty)'],
    ['200 characters, whole', 'x'.repeat(200), 'x'.repeat(200)],
    ['201 characters, cut at 200', 'x'.repeat(201), `${'x'.repeat(200)}…`],
  ])('%s', (_, body, want) => {
    expect(bodyGist(body)).toBe(want);
  });
});

describe('a request of the merchant’s, as a step', () => {
  const clock: RunClock = {
    view: async () => ({ now: '2026-01-01T12:00:00.000Z', next_event_at: null }),
    advance: () => Promise.reject(new Error('not advanced here')),
  };
  const shop = (status: number, headers: Record<string, string> = {}) =>
    merchantClient(
      'http://shop.test',
      async () => new Response(status === 204 ? null : `answer ${status}`, { status, headers }),
    );
  const step = (req: MerchantRequest, status: number, headers?: Record<string, string>) =>
    merchantStep(clock, shop(status, headers), req, 'o-1').then(([report]) => report);

  it.each<[string, MerchantRequest, number, Record<string, string>, string, string]>([
    ['a page', { path: '/cart' }, 200, {}, 'merchant: GET /cart', 'The merchant answered 200.'],
    [
      'a redirect, with its place',
      { method: 'POST', path: '/pay/{order_id}' },
      303,
      { location: '/thanks' },
      'merchant: POST /pay/o-1',
      'The merchant answered 303 → /thanks.',
    ],
    ['just under 400', { path: '/x' }, 399, {}, 'merchant: GET /x', 'The merchant answered 399.'],
    [
      'the status it expects',
      { path: '/gone', expect_status: 404 },
      404,
      {},
      'merchant: GET /gone',
      'The merchant answered 404.',
    ],
  ])('%s', async (_, req, status, headers, text, message) => {
    expect(await step(req, status, headers)).toEqual({
      text,
      at: '2026-01-01T12:00:00.000Z',
      outcome: String(status),
      message,
      exchange_ids: [],
    });
  });

  it.each<[string, MerchantRequest, number, string]>([
    [
      '400 and up',
      { path: '/cart' },
      400,
      'merchant: GET /cart answered 400, expected a status below 400: answer 400',
    ],
    [
      'another status than it expects',
      { path: '/cart', expect_status: 200 },
      201,
      'merchant: GET /cart answered 201, expected 200: answer 201',
    ],
  ])('fails the step on %s, quoting the answer', async (_, req, status, message) => {
    const err = await step(req, status).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StepFailed);
    expect((err as Error).message).toBe(message);
  });

  it('quotes only the first 200 characters of a long answer', async () => {
    const long = merchantClient(
      'http://shop.test',
      async () => new Response('x'.repeat(300), { status: 500 }),
    );
    const err = await merchantStep(clock, long, { path: '/cart' }, 'o-1').catch((e: unknown) => e);
    expect((err as Error).message).toBe(
      `merchant: GET /cart answered 500, expected a status below 400: ${'x'.repeat(200)}`,
    );
  });
});
