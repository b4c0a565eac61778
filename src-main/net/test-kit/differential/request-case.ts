// One raw request of the differential suite, and the bytes its cases are built from; what the fields
// mean and how verdicts read: request-corpus.ts.

import type { BothSidesInput, HeaderLineInput } from './both-sides';

export interface RequestCase {
  name: string;
  /** The bytes (latin1); several pieces are written `gapMs` apart. */
  send: string | string[];
  gapMs?: number;
  then?: 'end' | 'hold';
  /** node:http's verdict: the answers' tokens and `close`/`open`, joined by ", ". */
  expect: string;
  /** The simulator answers otherwise on purpose. */
  deliberate?: { verdict: string; why: string };
  /** A part of the simulator's plain-text refusal (it names the problem). */
  says?: string;
}

export const GET = 'GET / HTTP/1.1\r\nHost: h\r\n\r\n';
export const POST = 'POST / HTTP/1.1\r\nHost: h\r\n';
export const CHUNKED = `${POST}Transfer-Encoding: chunked\r\n\r\n`;
export const HEADER = (line: string) => `GET / HTTP/1.1\r\nHost: h\r\n${line}\r\n\r\n`;

/** The request of a both-sides.ts input, POSTed: node:http answers `200 POST <length>` or a 4xx, and closes. */
export const requestOf = (i: BothSidesInput): RequestCase => ({
  name: i.name,
  send: `${POST}${i.rest}`,
  expect: i.delivers === null ? '4xx, close' : `200 POST ${i.delivers.length}, close`,
});

/** The GET with a both-sides.ts header line: node:http answers `200 GET 0` or a 4xx, and closes. */
export const requestWithLine = (i: HeaderLineInput): RequestCase => ({
  name: i.name,
  send: HEADER(i.line),
  expect: i.takes ? '200 GET 0, close' : '4xx, close',
});
