// The public types of `checkout-simulator/testing` (package.json `exports`): written out here, without
// the repository's path aliases, so a merchant's TypeScript reads them as they are. index.ts checks that
// its functions match these declarations (a mismatch does not compile).
import type { FrameLocator, Page } from '@playwright/test';

export interface SimulatorUrls {
  /** The provider API (checkout, order management, /test_helpers). */
  api: string;
  console: string;
  integrator: string;
  /** The embedded checkout (what html_snippet loads). */
  checkout: string;
  /** The sample shop, '' when it was not started. */
  shop: string;
}

/** The config file's fields (`checkout-sim serve --config FILE`), as an object. */
export interface SimulatorConfig {
  /** Basic auth of the provider APIs. Default merchant / secret. */
  credentials?: { username: string; password: string };
  /** The address to bind; the `host` option wins over it. */
  host?: string;
  /** The HTTP/1.1 server of the provider API and the fake integrator: the simulator's own (default) or node:http. */
  http?: 'own' | 'node';
  /** Each listener's port; the `port` option wins over them. */
  ports?: { api?: number; console?: number; integrator?: number; checkout?: number; shop?: number };
  /** The exchange log's size cap in bytes. */
  log_max_bytes?: number;
  /** HTTPS: true for a certificate of the data folder's local CA, or your own `cert` and `key` files (PEM); `names` adds names to the local CA's certificate. */
  tls?: boolean | { cert?: string; key?: string; names?: string[] };
  /** Names every listener answers to besides localhost, IP addresses and `host` (a guard against DNS rebinding). */
  allowed_hosts?: string[];
  /** A PEM file of the CA your https merchant server's certificate is signed by (`--merchant-ca`). */
  merchant_ca?: string;
  /** Connections each listener serves at once; past it, 503 with Retry-After. Default 128. */
  max_connections?: number;
  /** Connections beyond max_connections kept for /test_helpers on the API listener. Default 32. */
  test_helpers_connections?: number;
}

/** startSimulator's options; every one may be left out. */
export interface StartOptions {
  /**
   * The provider API's port; the console takes port+1, the fake integrator port+2, the embedded
   * checkout port+3 and the sample shop port+4 (as `checkout-sim serve --port`).
   * Default 0: free ports for all (or the config's `ports`, when it has them). Pin it when something
   * outside the process must know the URL in advance; read `urls` otherwise.
   */
  port?: number;
  /** The address every listener binds. Default '127.0.0.1' (or the config's `host`). */
  host?: string;
  /** The data folder (SQLite). Default: a new temporary folder, removed by stop(); a folder you name is kept. */
  dataDir?: string;
  /** The config: an object, or the path of a JSON config file as `serve --config` reads. Default: none (every default). */
  config?: SimulatorConfig | string;
  /** Start the sample shop beside it. Default true. */
  shop?: boolean;
  /** Default true: nothing logged (a failed start still throws its reason). false: the simulator's lines on stderr, as `serve` prints them. */
  quiet?: boolean;
  /**
   * HTTPS for the provider API, the embedded checkout, the fake integrator and the sample shop (as
   * `serve --tls`). Default false (or the config's `tls`). true: a certificate of the data folder's local CA
   * (`caFile` names it); `{ cert, key }`: your own PEM files.
   */
  tls?: boolean | { cert: string; key: string };
}

/** A bad option (a port out of range, a config field that breaks its rule): the message names it. */
export declare class StartOptionsError extends Error {}

export interface TestClock {
  clock_id: string;
  name: string | null;
  now: string;
  created_at: string;
  next_event_at: string | null;
  pending_timers: number;
  bound: { kind: 'order' | 'ipp_session'; id: string; bound_at: string }[];
}

export interface Fired {
  kind: string;
  order_id: string | null;
  subject: string | null;
  at: string;
}

export interface Exchange {
  id: string;
  order_id: string | null;
  direction: 'in' | 'out';
  kind: string;
  method: string;
  url: string;
  status: number | null;
  at: string;
  outcome: string | null;
  [field: string]: unknown;
}

/** A step's answer: what the merchant's callbacks made of it (`outcome`) and what the customer sees. */
export interface StepAnswer {
  step: string;
  outcome: string;
  message: string;
  exchange_ids: string[];
  at: string;
  [field: string]: unknown;
}

/** A /test_helpers call that did not answer 2xx: its status and the API's error body. */
export declare class TestHelpersError extends Error {
  readonly status: number;
  readonly body: unknown;
}

export interface TestHelpersClient {
  /** The customer's steps on an order, as the embedded checkout takes them (callbacks included). */
  steps: {
    country(orderId: string, country: string): Promise<StepAnswer>;
    address(orderId: string, input: Record<string, unknown>): Promise<StepAnswer>;
    shippingOption(orderId: string, id: string): Promise<StepAnswer>;
    complete(orderId: string, input?: Record<string, unknown>): Promise<StepAnswer>;
  };
  /** Test clocks: one per test; bind the orders your code made, advance without disturbing other tests. */
  clocks: {
    create(input?: { name?: string; frozen_time?: string }): Promise<TestClock>;
    get(clockId: string): Promise<TestClock>;
    list(): Promise<TestClock[]>;
    advance(
      clockId: string,
      by: { seconds: number } | { until: 'next_event' },
    ): Promise<TestClock & { fired: Fired[]; fired_total: number }>;
    bind(clockId: string, what: { order_id: string } | { session_id: string }): Promise<TestClock>;
    delete(clockId: string): Promise<{ deleted: true; released: number }>;
  };
  /** The exchange log, oldest first: all of it, or one order's. */
  exchanges(orderId?: string): Promise<Exchange[]>;
}

export interface StartedSimulator {
  urls: SimulatorUrls;
  credentials: { username: string; password: string };
  dataDir: string;
  /** With `tls` and no certificate of your own: the local CA's PEM file to trust (NODE_EXTRA_CA_CERTS, `ca` of testHelpers). null otherwise. */
  caFile: string | null;
  /** A client of this simulator's /test_helpers. */
  client: TestHelpersClient;
  /** The checkout helper: drives the embedded checkout inside a Playwright page (the same as the module's `embeddedCheckout`). */
  embeddedCheckout(page: Page): EmbeddedCheckout;
  /** Stops every listener, writes out the log and closes SQLite; removes a temporary data folder. */
  stop(): Promise<void>;
}

/** Starts a whole simulator in this process (for a global set-up or a fixture); free ports unless `port` pins them. */
export declare function startSimulator(options?: StartOptions): Promise<StartedSimulator>;

/** A typed client of a simulator's /test_helpers (a running one: `checkout-sim serve`, or startSimulator). */
export declare function testHelpers(target: {
  api: string;
  credentials?: { username: string; password: string };
  /** For an https API: the PEM text of a CA to trust besides Node's roots (the local CA's file's content). */
  ca?: string;
}): TestHelpersClient;

/** Drives the embedded checkout inside any merchant page, by roles and labels. */
export interface EmbeddedCheckout {
  /** The checkout's iframe, for your own assertions. */
  frame: FrameLocator;
  /** Fills the address with one of the checkout's test people (`index` of those offered) and continues. */
  fillTestPerson(index?: number): Promise<void>;
  /** Chooses the delivery option whose label holds `name`. */
  chooseOption(name: string | RegExp): Promise<void>;
  /** Presses Pay. */
  pay(): Promise<void>;
}

export declare function embeddedCheckout(page: Page): EmbeddedCheckout;
