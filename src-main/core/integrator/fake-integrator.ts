import { createHash, timingSafeEqual } from 'node:crypto';
import { AuthRequestSchema } from '@shared/schemas/integrator.schema';
import type { IntegratorInfo, IntegratorSettings } from '@shared/schemas/integrator-sim.schema';
import { schemaProblems } from '@shared/rules/schema-problems';
import { invalid, SimFailure } from '../errors';
import { faultyAuth, faultyOptions, faultyShipment } from './fault-effects';
import type { IntegratorFaultSwitches } from './faults';
import type { IntegratorCredentials } from './integrator-config';
import type { IntegratorOptions } from './options';
import type { IntegratorShipments, ShipmentAnswer } from './shipments';
import type { IntegratorSettingsStore } from './settings-store';
import type { IntegratorTokens } from './tokens';

/** A shipment answer as sent (faults applied), with its id and checkout order for the Location header and log. */
export interface ShipmentReply {
  body: Record<string, unknown>;
  shipmentId: string;
  orderId: string | null;
}

/** Why a bearer check failed, or 'ok'. */
export type BearerCheck = 'ok' | 'missing' | 'unknown' | 'expired';

/** digest = hex SHA-256 of nonce + key (spec § Authentication, step 3); hex compares case-insensitively. */
export function digestMatches(nonce: string, key: string, digest: string): boolean {
  const want = createHash('sha256')
    .update(nonce + key)
    .digest();
  const got = Buffer.from(digest, 'hex');
  return got.length === want.length && timingSafeEqual(got, want);
}

const wrongCredentials = () =>
  new SimFailure('unauthorized', 'wrong_credentials', 'wrong identifier or digest');

/**
 * The built-in fake integrator (the TMS side of shipping-integrator-api.md): credentials, tokens, a
 * deterministic catalogue, shipments with tracking, and fault switches. The HTTP app is a thin layer on this.
 */
export interface FakeIntegratorParts {
  /** The merchant credentials it issued (loadOrCreateCredentials). */
  creds: IntegratorCredentials;
  settings: IntegratorSettingsStore;
  faults: IntegratorFaultSwitches;
  tokens: IntegratorTokens;
  options: IntegratorOptions;
  /** Its shipments, which read the tracking delay from the same settings. */
  shipments: IntegratorShipments;
  /** Told after its settings change (the console shows them live; the fault switches tell their own). */
  onSettingsChange: () => void;
}

/**
 * The built-in fake integrator (the TMS side of shipping-integrator-api.md): credentials, tokens, a
 * deterministic catalogue, shipments with tracking, and fault switches. The HTTP app is a thin layer on
 * this; its parts are built by buildIntegrator (core/build-integrator.ts).
 */
export class FakeIntegrator {
  readonly faults: IntegratorFaultSwitches;
  private readonly tokens: IntegratorTokens;
  private readonly options: IntegratorOptions;
  private readonly shipments: IntegratorShipments;
  private readonly creds: IntegratorCredentials;
  private readonly store: IntegratorSettingsStore;
  private readonly onSettingsChange: () => void;

  constructor(parts: FakeIntegratorParts) {
    this.creds = parts.creds;
    this.store = parts.settings;
    this.faults = parts.faults;
    this.tokens = parts.tokens;
    this.options = parts.options;
    this.shipments = parts.shipments;
    this.onSettingsChange = parts.onSettingsChange;
  }

  /** The credentials a shipping assistant needs to call this integrator. */
  credentials(): IntegratorCredentials {
    return { ...this.creds };
  }

  settings(): IntegratorSettings {
    return this.store.get();
  }

  /** Credentials and settings together, as the console and `GET /test_helpers/integrator/settings` show them. */
  info(): IntegratorInfo {
    return { ...this.creds, ...this.store.get() };
  }

  /** Changes some settings (token lifetime, tracking delay); refuses unknown keys and bad values. */
  updateSettings(patch: unknown): IntegratorSettings {
    const settings = this.store.update(patch);
    this.onSettingsChange();
    return settings;
  }

  /** POST /auth: the token body, or a failure (invalid_request → 400, unauthorized → 401). */
  authenticate(body: unknown): Record<string, unknown> {
    const parsed = AuthRequestSchema.safeParse(body);
    if (!parsed.success) throw invalid(schemaProblems(parsed.error), 'invalid_request');
    const f = this.faults.of('auth');
    const { identifier, secret } = parsed.data;
    if (f.reject_credentials || identifier !== this.creds.identifier) throw wrongCredentials();
    if (!digestMatches(secret.nonce, this.creds.key, secret.digest)) throw wrongCredentials();
    return faultyAuth(this.tokens.issue(identifier, this.store.get().token_ttl_s * 1000), f);
  }

  /** Checks `Authorization: Bearer <token>` (every call but /auth). */
  checkBearer(header: string | undefined): BearerCheck {
    if (!header) return 'missing';
    const token = header.startsWith('Bearer ') ? header.slice(7) : /^bearer\s+(\S+)$/i.exec(header)?.[1];
    if (!token) return 'missing';
    const state = this.tokens.check(token);
    if (state !== 'valid') return state;
    return this.faults.of('auth').expire_every_token ? 'expired' : 'ok';
  }

  /** POST /shippingoptions, from the request text (memoized: identical requests are not parsed again). */
  shippingOptions(text: string): {
    json: string;
    orderId: string | null;
    hash?: string;
    requestHash: string;
  } {
    const answer = this.options.answer(text);
    if (!this.faults.anyOn('shippingoptions')) return answer;
    const f = this.faults.of('shippingoptions');
    if (!f.empty_list && !f.wrong_preview_flag && !f.missing_required_fields) return answer;
    return {
      json: JSON.stringify({ shipping_options: faultyOptions(answer.options, f) }),
      orderId: answer.orderId,
      requestHash: answer.requestHash,
    };
  }

  /** POST /shipment: a new shipment (a new id even for a session that has one). */
  createShipment(body: unknown): ShipmentReply {
    return this.faulty(
      this.shipments.create(body),
      this.faults.of('shipment_create').missing_required_fields,
    );
  }

  /** PUT /shipment/{id}: re-validated and replaced under the same id. */
  updateShipment(id: string, body: unknown): ShipmentReply {
    return this.faulty(
      this.shipments.update(id, body),
      this.faults.of('shipment_update').missing_required_fields,
    );
  }

  /** GET /shipment/{id}: with tracking ids once the simulator clock has passed the tracking delay. */
  readShipment(id: string): ShipmentReply {
    return this.faulty(this.shipments.read(id), this.faults.of('shipment_read').missing_required_fields);
  }

  private faulty(a: ShipmentAnswer, missingRequired: boolean): ShipmentReply {
    return {
      body: faultyShipment(a.shipment, missingRequired),
      shipmentId: a.shipment.shipment_id,
      orderId: a.orderId,
    };
  }
}
