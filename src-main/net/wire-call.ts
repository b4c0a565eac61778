import type { RawAnswer } from '@shared/rules/callback-answers';
import type { Trust } from './tls/trust';

// What the HTTP/1.1 client (wire-client.ts) is asked to send and what it answers.

export interface WireCall {
  url: URL;
  method: string;
  /** Sent as given (lower-case names); `host` is added. The caller sets content-length for a body. */
  headers: Record<string, string>;
  body: string | null;
  timeoutMs: number;
  /** https only: refuse a certificate that does not verify (else it is accepted and reported). */
  verify: boolean;
  /** https only: the authorities a certificate may chain to (`--merchant-ca`); absent: Node's roots. */
  trust?: Trust | null;
  /** Answers larger than this fail as unreachable. */
  maxAnswer: number;
  /**
   * Called just before the request's bytes go on the socket, once it is connected (and past the TLS
   * handshake): never for a call that fails before. A push records "written" here (push-service.ts).
   */
  onWrite?: () => void;
}

export interface WireResult {
  answer: RawAnswer;
  /** Why an https peer's certificate is not trusted (self-signed, …); null when trusted or plain http. */
  untrusted: string | null;
  /** The answer's header lines as received (latin1), when there was an answer: they determine its headers. */
  headerBlock?: string;
  /** The connection closed before any byte of an answer came (wireCall retries such a reused one once). */
  cutBeforeAnswer?: boolean;
}

/** A call that got no answer. */
export const unreachable = (detail: string): RawAnswer => ({
  status: null,
  headers: {},
  body: null,
  error: 'unreachable',
  errorDetail: detail,
});
