// One raw answer of the differential suite, and the bytes its cases are built from; what the fields
// mean and how verdicts read: answer-corpus.ts.

import type { BothSidesInput, HeaderLineInput } from './both-sides';

export interface AnswerCase {
  name: string;
  method?: string;
  /** The answer's bytes (latin1); several pieces are written `gapMs` apart. */
  answer: string | string[];
  gapMs?: number;
  then?: 'end' | 'hold' | 'reset';
  /** node:http's client's verdict. */
  expect: string;
  deliberate?: { verdict: string; why: string };
  /** A part of the simulator's error detail (it names the problem). */
  says?: string;
}

export const OK = 'HTTP/1.1 200 OK\r\n';
export const CHUNKED = `${OK}Transfer-Encoding: chunked\r\n\r\n`;
export const WITH = (line: string, body = 'hello') =>
  `${OK}${line}\r\nContent-Length: ${body.length}\r\n\r\n${body}`;

/** The answer of a both-sides.ts input after a 200 status line: node:http's client gives `200 <body>` or `error`. */
export const answerOf = (i: BothSidesInput): AnswerCase => ({
  name: i.name,
  answer: `${OK}${i.rest}`,
  expect: i.delivers === null ? 'error' : `200 ${i.delivers}`,
});

/** The answer with a both-sides.ts header line and a body: node:http's client gives `200 hello` or `error`. */
export const answerWithLine = (i: HeaderLineInput): AnswerCase => ({
  name: i.name,
  answer: WITH(i.line),
  expect: i.takes ? '200 hello' : 'error',
});
