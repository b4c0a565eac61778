import type { Violation } from '@shared/schemas/exchange.schema';
import type { RawAnswer } from '@shared/rules/callback-answers';
import { certificateViolation, httpViolation, tlsClassOf } from '@shared/rules/production-tls';

export interface TlsRules {
  /** The `production_tls_rules` setting: refuse what production refuses instead of only flagging it. */
  enforce: boolean;
}

/** How one outbound call is treated under the production TLS rules. */
export interface TlsVerdict {
  /** Set when the call must not be sent at all: the answer to record instead. */
  refuse: RawAnswer | null;
  /** Send with certificate verification (push under enforced rules). */
  verify: boolean;
  /** The violations to record, given what the delivery learnt about the certificate. */
  violations(d: { answer: RawAnswer; untrusted: string | null }): Violation[];
}

const NONE: TlsVerdict = { refuse: null, verify: false, violations: () => [] };
// Error codes Node gives a verified TLS connection to an untrusted peer.
export const CERT_ERROR = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER/;

/** One frozen violation per kind and rule setting: the log caches the JSON of frozen values (exchange-doc.ts). */
const httpViolations = new Map<string, Violation>();
function frozenHttpViolation(kind: string, enforce: boolean): Violation {
  const key = `${kind} ${enforce}`;
  let v = httpViolations.get(key);
  if (v === undefined) httpViolations.set(key, (v = Object.freeze(httpViolation(kind, enforce))));
  return v;
}

/** The scheme, without parsing the whole URL (this runs on every outbound call). */
function protocolOf(url: string): string | null {
  const m = /^([a-z][a-z0-9+.-]*:)/i.exec(url);
  return m ? m[1]!.toLowerCase() : null;
}

/** Applies the rules of shared/rules/production-tls.ts to one call of `kind` to `url`. */
export function tlsVerdict(kind: string, url: string, rules: TlsRules): TlsVerdict {
  const cls = tlsClassOf(kind);
  const protocol = protocolOf(url);
  if (cls === null || protocol === null) return NONE;
  if (protocol === 'http:') {
    const v = frozenHttpViolation(kind, rules.enforce);
    if (!rules.enforce) return { ...NONE, violations: () => [v] };
    return {
      refuse: {
        status: null,
        headers: {},
        body: null,
        error: 'unreachable',
        errorDetail: `not sent: ${v.message}`,
      },
      verify: false,
      violations: () => [v],
    };
  }
  if (protocol !== 'https:' || cls !== 'after-purchase') return NONE;
  return {
    refuse: null,
    verify: rules.enforce,
    violations: ({ answer, untrusted }) => {
      if (untrusted) return [certificateViolation(kind, untrusted, false)];
      const detail = answer.errorDetail ?? '';
      return rules.enforce && CERT_ERROR.test(detail) ? [certificateViolation(kind, detail, true)] : [];
    },
  };
}
