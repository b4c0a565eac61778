// Raw answers for the differential suite (client-differential.test.ts): each is served by a raw socket
// server to the simulator's client and to node:http's client (llhttp), and each client's verdict is
// compared with the corpus:
//   `<status> <body>`  the client delivered the answer (the body as latin1 text)
//   `error`            the client refused the answer or lost the connection
//   `timeout`          no whole answer within the clients' time limit (harness.ts CLIENT_TIMEOUT_MS)
// `expect` is node:http's verdict, checked on every run; the simulator's client must give the same unless
// the case says `deliberate`, with its verdict and why. `says` is what the simulator's error must name
// (node:http's client says `Parse Error` with an llhttp code; the simulator's words are its own).
// `then`: after the answer the server closes (`end`, the default), keeps the connection (`hold`) or
// resets it (`reset`). `method` is the request's (GET unless given).

import type { AnswerCase } from './answer-case';
import { FRAMING_ANSWERS } from './answers-framing';
import { HEAD_ANSWERS } from './answers-head';

export type { AnswerCase };

/** Every raw answer of the suite, by subject (one file each), in this order. */
export const ANSWER_CORPUS: AnswerCase[] = [...FRAMING_ANSWERS, ...HEAD_ANSWERS];
