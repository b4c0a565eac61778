import { randomBytes, randomUUID } from 'node:crypto';
import type { Violation } from '@shared/schemas/exchange.schema';
import { INTEGRATOR_MEDIA_TYPES, type ShippingOption } from '@shared/schemas/integrator.schema';
import type { RawAnswer } from '@shared/rules/callback-answers';
import {
  judgeAuthAnswer,
  judgeOptionsAnswer,
  optionsOutcome,
  type OptionsCall,
} from '@shared/rules/shipping-conformance';
import type { ConformanceRecord, ConformanceStep } from '@shared/rules/shipping-conformance-record';
import {
  judgeShipmentAnswer,
  shipmentOutcome,
  type ShipmentOp,
} from '@shared/rules/shipping-conformance-shipment';
import type { OutboundClient } from '../../outbound/callback-client';
import type { IntegratorTarget } from '../assistant-settings';
import { authRequestBody, outboundOf, type IntegratorCall } from '../integrator-caller';
import { selectionOf } from '../shown-options';
import {
  optionsBody,
  SAMPLE_COUNTRY,
  SAMPLE_SEARCH_POSTAL_CODE,
  sampleRecipient,
  shipmentBody,
} from './conformance-sample';

type Judge = (a: RawAnswer) => { outcome: string; violations: Violation[] };

const expect401: Judge = (a) => ({
  outcome: a.status === 401 ? 'expected_401' : `unexpected_${a.status ?? a.error}`,
  violations: [],
});

const optionsJudge =
  (call: OptionsCall, timeoutMs: number): Judge =>
  (a) => {
    const j = judgeOptionsAnswer(a, call, timeoutMs);
    return { outcome: optionsOutcome(j), violations: j.violations };
  };

/** Notification add-ons carry the contact they notify (spec § Add-on: "an e-mail address and/or phone number"). */
function contactText(type: string): string | undefined {
  const r = sampleRecipient();
  if (type === 'sms' || type === 'phone-required') return r.phone;
  return type === 'email' ? r.email : undefined;
}

/**
 * The fixed sequence of a conformance run against anyone's integrator: wrong credentials, good
 * credentials, token reuse, a wrong token, preview, full address, location search, shipment create,
 * update and read. Every call goes through the outbound client, so each is an exchange in the log.
 */
export class ConformanceRun {
  private token: string | null = null;
  private readonly sessionId = randomUUID();
  private readonly orderId = `conformance-${randomBytes(4).toString('hex')}`;
  readonly record: ConformanceRecord;

  constructor(
    private readonly client: OutboundClient,
    private readonly target: IntegratorTarget,
  ) {
    this.record = {
      baseUrl: target.baseUrl,
      timeoutMs: target.timeoutMs,
      calls: {},
      blocked: {},
      tokenRefused: {},
      postalCode: SAMPLE_SEARCH_POSTAL_CODE,
      optionId: null,
      shipmentId: null,
    };
  }

  async run(): Promise<ConformanceRecord> {
    const auth = (key: string): IntegratorCall => ({
      ...this.call('auth', 'POST', '/auth', INTEGRATOR_MEDIA_TYPES.auth),
      body: authRequestBody(this.target.identifier, key),
    });
    await this.send('wrong_credentials', auth(`${this.target.key}-wrong`), null, expect401);
    await this.authenticate('auth');
    if (this.token === null) {
      for (const s of ['reuse', 'preview', 'full', 'locations', 'create', 'update', 'read'] as const)
        this.record.blocked[s] = 'no token: POST /auth with the good credentials gave none (see auth.token)';
    } else await this.reuse();
    await this.send(
      'wrong_token',
      this.optionsCall('wrong_token', { country: SAMPLE_COUNTRY }),
      `conformance-wrong-${randomBytes(8).toString('hex')}`,
      expect401,
    );
    if (this.token === null) return this.record;
    await this.options('preview', 'preview', { country: SAMPLE_COUNTRY });
    const full = await this.options('full', 'full', sampleRecipient());
    await this.options('locations', 'location_search', {
      country: SAMPLE_COUNTRY,
      postal_code: SAMPLE_SEARCH_POSTAL_CODE,
    });
    await this.shipments(full);
    return this.record;
  }

  private call(
    kind: string,
    method: IntegratorCall['method'],
    path: string,
    mediaType: string | null,
  ): IntegratorCall {
    return { kind: `shipping.conformance.${kind}`, orderId: null, method, path, mediaType, body: null };
  }

  private optionsCall(step: ConformanceStep, recipient: object): IntegratorCall {
    return {
      ...this.call(step, 'POST', '/shippingoptions', INTEGRATOR_MEDIA_TYPES.options),
      body: optionsBody(this.sessionId, this.orderId, recipient),
    };
  }

  private async send(
    step: ConformanceStep,
    call: IntegratorCall,
    token: string | null,
    judge: Judge,
  ): Promise<RawAnswer> {
    const sent = await this.client.send(outboundOf(this.target, call, token), (a) => ({
      ...judge(a),
      value: null,
    }));
    (this.record.calls[step] ??= []).push({ answer: sent.answer, exchangeId: sent.exchangeId });
    return sent.answer;
  }

  /** POST /auth with the good credentials; the token is kept for the calls that follow. */
  private async authenticate(step: ConformanceStep): Promise<boolean> {
    const call = {
      ...this.call('auth', 'POST', '/auth', INTEGRATOR_MEDIA_TYPES.auth),
      body: authRequestBody(this.target.identifier, this.target.key),
    };
    let token: string | null = null;
    await this.send(step, call, null, (a) => {
      const j = judgeAuthAnswer(a, this.target.timeoutMs);
      if (j.ok) token = j.token;
      return { outcome: j.ok ? 'token_issued' : `failed:${j.cause}`, violations: j.violations };
    });
    this.token = token;
    return token !== null;
  }

  /** The same token twice in a row: no retry, the 401 (if any) is what the rule looks at. */
  private async reuse(): Promise<void> {
    for (let i = 0; i < 2; i++) {
      const a = await this.send(
        'reuse',
        this.optionsCall('reuse', { country: SAMPLE_COUNTRY }),
        this.token,
        optionsJudge('preview', this.target.timeoutMs),
      );
      if (a.status === 401) break;
    }
  }

  /** A call with the token; on 401 one fresh token and one repeat, as the shipping assistant does. */
  private async withToken(step: ConformanceStep, call: IntegratorCall, judge: Judge): Promise<RawAnswer> {
    let a = await this.send(step, call, this.token, judge);
    if (a.status !== 401) return a;
    if (!(await this.authenticate(step))) return a;
    a = await this.send(step, call, this.token, judge);
    if (a.status === 401) this.record.tokenRefused[step] = true;
    return a;
  }

  private async options(
    step: ConformanceStep,
    call: OptionsCall,
    recipient: object,
  ): Promise<ShippingOption[]> {
    const a = await this.withToken(
      step,
      this.optionsCall(step, recipient),
      optionsJudge(call, this.target.timeoutMs),
    );
    const j = judgeOptionsAnswer(a, call, this.target.timeoutMs);
    return j.ok ? j.options : [];
  }

  private async shipments(full: ShippingOption[]): Promise<void> {
    const o = full.find((x) => !x.preview);
    if (!o) {
      for (const s of ['create', 'update', 'read'] as const)
        this.record.blocked[s] =
          'no valid option to ship with: the full-address answer had none that could be read (see the options.full rules)';
      return;
    }
    this.record.optionId = o.id;
    const addons = (o.addons ?? [])
      .filter((a) => a.required || a.default)
      .map((a) => ({
        type: a.type,
        data: { selected: true, ...(contactText(a.type) ? { text: contactText(a.type)! } : {}) },
      }));
    const selected = selectionOf(o, { id: o.id, addons }).request;
    const body = shipmentBody(this.sessionId, this.orderId, selected);
    const created = await this.shipment('create', 'POST', '/shipment', body);
    if (!created) {
      for (const s of ['update', 'read'] as const)
        this.record.blocked[s] =
          'no shipment id: POST /shipment did not create one (see the shipment.create rules)';
      return;
    }
    this.record.shipmentId = created;
    const path = `/shipment/${encodeURIComponent(created)}`;
    await this.shipment('update', 'PUT', path, body, created);
    await this.shipment('read', 'GET', path, null, created);
  }

  /** One /shipment call; the shipment id it answered, if any. */
  private async shipment(
    op: ShipmentOp,
    method: IntegratorCall['method'],
    path: string,
    body: string | null,
    id?: string,
  ): Promise<string | null> {
    const ctx = {
      baseUrl: this.target.baseUrl,
      timeoutMs: this.target.timeoutMs,
      ...(id ? { shipmentId: id } : {}),
    };
    let shipmentId: string | null = null;
    const call = {
      ...this.call(op, method, path, body === null ? null : INTEGRATOR_MEDIA_TYPES.shipment),
      body,
    };
    await this.withToken(op, call, (a) => {
      const j = judgeShipmentAnswer(a, op, ctx);
      // The id counts even without Location: update and read are still worth checking.
      if (j.ok) shipmentId = j.shipment.shipment_id;
      else if (a.status !== null && a.status < 300) shipmentId = idOf(a.body);
      return { outcome: shipmentOutcome(j, op), violations: j.violations };
    });
    return shipmentId;
  }
}

function idOf(body: string | null): string | null {
  try {
    const id = (JSON.parse(body ?? '') as { shipment_id?: unknown }).shipment_id;
    return typeof id === 'string' && id !== '' ? id : null;
  } catch {
    return null;
  }
}
