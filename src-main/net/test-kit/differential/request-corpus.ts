// Raw requests for the differential suite (server-differential.test.ts): each is sent to the simulator's
// server and to a node:http server (llhttp) over a fresh loopback connection, and what each answers is
// read back as a verdict (harness.ts serverVerdict):
//   `200 <method> <body length>`  the app got the request (the echo app answers its method and body size)
//   `100`                         an interim 100 Continue
//   `4xx`, `5xx`, `timeout` (408) a refusal;  `garbage` bytes that are no answer
//   `close` / `open`              whether the server closed the connection (within the watch)
// `expect` is node:http's verdict, checked on every run; the simulator must give the same unless the case
// says `deliberate`, with its own verdict and why. `says` is what the simulator's refusal must name:
// where node:http refuses with a bare `400 Bad Request`, the simulator's refusal has a plain-text body
// naming the problem, by design, for every refused case (verdicts compare the status class only).
// `then`: `hold` (the default) keeps the connection open until the server closes it; `end` half-closes
// after the bytes. Timeouts use the suite's small limits (harness.ts SUITE_LIMITS), never the defaults.

import type { RequestCase } from './request-case';
import { CHUNKED_CASES } from './requests-chunked';
import { CONNECTION_CASES } from './requests-connection';
import { LENGTH_CASES, TRANSFER_ENCODING_CASES } from './requests-framing';
import { SYNTAX_CASES } from './requests-syntax';

export type { RequestCase };

/** Every raw request of the suite, by subject (one file each), in this order. */
export const REQUEST_CORPUS: RequestCase[] = [
  ...LENGTH_CASES,
  ...CHUNKED_CASES,
  ...TRANSFER_ENCODING_CASES,
  ...SYNTAX_CASES,
  ...CONNECTION_CASES,
];
