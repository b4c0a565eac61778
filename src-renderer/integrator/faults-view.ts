import {
  FAULT_ENDPOINTS,
  NO_FAULTS,
  type FaultEndpoint,
  type IntegratorFaults,
} from '@shared/schemas/integrator-sim.schema';

/*
 * The fake integrator's fault switches as the console shows them: per endpoint, each switch with a label and
 * a sentence, and which are on. The switches are those of integrator-sim.schema.ts.
 */

export type SwitchKind = 'bool' | 'latency' | 'status';

export interface FaultSwitch {
  key: string;
  kind: SwitchKind;
  label: string;
  hint: string;
}

export const ENDPOINT_CALLS: Record<FaultEndpoint, string> = {
  auth: 'POST /auth',
  shippingoptions: 'POST /shippingoptions',
  shipment_create: 'POST /shipment',
  shipment_update: 'PUT /shipment/{id}',
  shipment_read: 'GET /shipment/{id}',
};

const MISSING: Record<FaultEndpoint, string> = {
  auth: 'Answer without the token.',
  shippingoptions: 'Leave out price and tax_rate of the options.',
  shipment_create: 'Leave out the shipment id.',
  shipment_update: 'Leave out the shipment id.',
  shipment_read: 'Leave out the shipment id.',
};

function commonSwitches(e: FaultEndpoint): FaultSwitch[] {
  return [
    { key: 'latency_ms', kind: 'latency', label: 'Latency', hint: 'Extra milliseconds before answering.' },
    {
      key: 'timeout',
      kind: 'bool',
      label: 'Time out',
      hint: 'Answer nothing until the caller gives up.',
    },
    { key: 'status_5xx', kind: 'status', label: 'Answer 5xx', hint: 'A server error with a failure body.' },
    { key: 'malformed_json', kind: 'bool', label: 'Malformed JSON', hint: 'A body cut in half: not JSON.' },
    { key: 'missing_required_fields', kind: 'bool', label: 'Missing required fields', hint: MISSING[e] },
  ];
}

const OWN: Record<FaultEndpoint, FaultSwitch[]> = {
  auth: [
    {
      key: 'reject_credentials',
      kind: 'bool',
      label: 'Reject credentials',
      hint: 'Every POST /auth answers 401, whatever the credentials.',
    },
    {
      key: 'expire_every_token',
      kind: 'bool',
      label: 'Expire every token',
      hint: 'Each token is expired on its next use: the caller must re-authenticate.',
    },
  ],
  shippingoptions: [
    {
      key: 'empty_list',
      kind: 'bool',
      label: 'Empty list',
      hint: 'Answer {"shipping_options": []}: the “no shipping options” state, not a fallback.',
    },
    {
      key: 'wrong_preview_flag',
      kind: 'bool',
      label: 'Wrong preview flag',
      hint: 'Flip preview on every option: preview options marked valid and the other way round.',
    },
  ],
  shipment_create: [
    {
      key: 'missing_location',
      kind: 'bool',
      label: 'Missing Location header',
      hint: 'Answer 201 without the Location header.',
    },
  ],
  shipment_update: [
    {
      key: 'missing_location',
      kind: 'bool',
      label: 'Missing Location header',
      hint: 'Answer 200 without the Location header.',
    },
  ],
  shipment_read: [],
};

/** The switches of an endpoint, its own first (they are what the endpoint is about), then the common ones. */
export function switchesOf(e: FaultEndpoint): FaultSwitch[] {
  return [...OWN[e], ...commonSwitches(e)];
}

/** Whether one switch is away from its default (off, 0 ms, no status). */
export function isOn(value: unknown): boolean {
  return value !== false && value !== null && value !== 0 && value !== undefined;
}

/** The switches that are on, per endpoint. */
export function activeSwitches(faults: IntegratorFaults): Record<FaultEndpoint, string[]> {
  const out = {} as Record<FaultEndpoint, string[]>;
  for (const e of FAULT_ENDPOINTS) {
    const set = faults[e] as Record<string, unknown>;
    out[e] = switchesOf(e)
      .filter((s) => isOn(set[s.key]))
      .map((s) => s.key);
  }
  return out;
}

/** The body of `PUT /test_helpers/integrator/faults` that sets exactly these faults (defaults left out). */
export function faultsBody(faults: IntegratorFaults): Record<string, Record<string, unknown>> {
  const body: Record<string, Record<string, unknown>> = {};
  for (const e of FAULT_ENDPOINTS) {
    const set = faults[e] as Record<string, unknown>;
    const defaults = NO_FAULTS[e] as Record<string, unknown>;
    const changed = Object.fromEntries(Object.entries(set).filter(([k, v]) => v !== defaults[k]));
    if (Object.keys(changed).length > 0) body[e] = changed;
  }
  return body;
}

/** The same fault set from a script: a curl command against the provider API (Basic auth). */
export function faultsCurl(
  apiUrl: string,
  username: string,
  password: string,
  faults: IntegratorFaults,
): string {
  const body = JSON.stringify(faultsBody(faults));
  return `curl -s -u ${username}:${password} -X PUT -H 'content-type: application/json' -d '${body}' ${apiUrl}/test_helpers/integrator/faults`;
}
