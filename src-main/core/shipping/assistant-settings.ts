import {
  AssistantSettingsPatchSchema,
  AssistantSettingsSchema,
  DEFAULT_ASSISTANT_SETTINGS,
  type AssistantSettings,
  type AssistantSettingsView,
} from '@shared/schemas/shipping-assistant.schema';
import { schemaProblems } from '@shared/rules/schema-problems';
import { readSettings, writeSettings } from '../../store/settings.repo';
import type { Db } from '../../store/db';
import type { Clock } from '../clock';
import { invalid, SimFailure } from '../errors';

/** Where and as whom the shipping assistant calls, resolved for one call. */
export interface IntegratorTarget {
  baseUrl: string;
  identifier: string;
  key: string;
  timeoutMs: number;
}

/** The built-in fake's address and credentials as they are now (its port can change on each start). */
export type BuiltInTarget = () => { baseUrl: string; identifier: string; key: string };

const STORE_KEY = 'shipping_assistant';
const MASK = '••••';

/** `••••last4`, as GET shows the key; an empty key stays empty. */
export function maskKey(key: string): string {
  if (key === '') return '';
  return key.length > 4 ? `${MASK}${key.slice(-4)}` : MASK;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * The shipping assistant's settings (off by default, as for a merchant without a TMS), kept in the
 * settings table under one key. With `built_in` the URL and credentials follow the built-in fake.
 */
export class AssistantSettingsService {
  private current: AssistantSettings;
  private listeners: ((v: AssistantSettingsView) => void)[] = [];

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly builtIn: BuiltInTarget,
  ) {
    const stored = AssistantSettingsSchema.partial().safeParse(readSettings(db)[STORE_KEY] ?? {});
    this.current = { ...DEFAULT_ASSISTANT_SETTINGS, ...(stored.success ? stored.data : {}) };
  }

  onChange(listener: (v: AssistantSettingsView) => void): void {
    this.listeners.push(listener);
  }

  enabled(): boolean {
    return this.current.enabled;
  }

  /** The settings as GET shows them: what is in force, the key masked, and what is missing if anything. */
  view(): AssistantSettingsView {
    const t = this.resolved();
    const problem = this.current.enabled ? problemOf(t, this.current.built_in) : null;
    return { ...this.current, ...t, key: maskKey(t.key), configured: problem === null, problem };
  }

  /** The target of the next call, or why there is none (the fallback reason "not configured"). */
  target(): IntegratorTarget | { problem: string } {
    const t = this.resolved();
    const problem = problemOf(t, this.current.built_in);
    if (problem) return { problem };
    return {
      baseUrl: trimSlash(t.base_url),
      identifier: t.identifier,
      key: t.key,
      timeoutMs: this.current.timeout_ms,
    };
  }

  get(): AssistantSettings {
    return { ...this.current };
  }

  /** A partial update. A key equal to its masked form is left as it is, so the console can send the view back. */
  update(patch: unknown): AssistantSettingsView {
    const parsed = AssistantSettingsPatchSchema.safeParse(patch ?? {});
    if (!parsed.success) throw invalid(schemaProblems(parsed.error));
    const p = { ...parsed.data };
    if (p.key !== undefined && p.key === maskKey(this.current.key)) delete p.key;
    // Typing an own URL or credentials means leaving the built-in integrator, unless said otherwise.
    const own = p.base_url !== undefined || p.identifier !== undefined || p.key !== undefined;
    if (own && p.built_in === undefined) p.built_in = false;
    return this.store({ ...this.current, ...p });
  }

  /** Turns the assistant on against the built-in fake integrator with its credentials. */
  useBuiltInIntegrator(): AssistantSettingsView {
    const b = this.builtIn();
    if (!b.baseUrl)
      throw new SimFailure(
        'conflict',
        'INTEGRATOR_NOT_LISTENING',
        'the built-in integrator is not listening yet (no integrator URL in the runtime info)',
      );
    return this.store({
      ...this.current,
      enabled: true,
      built_in: true,
      base_url: b.baseUrl,
      identifier: b.identifier,
      key: b.key,
    });
  }

  private resolved(): { base_url: string; identifier: string; key: string } {
    const c = this.current;
    if (!c.built_in) return { base_url: c.base_url, identifier: c.identifier, key: c.key };
    const b = this.builtIn();
    return { base_url: b.baseUrl, identifier: b.identifier, key: b.key };
  }

  private store(next: AssistantSettings): AssistantSettingsView {
    writeSettings(this.db, { [STORE_KEY]: next }, new Date(this.clock.now()).toISOString());
    this.current = next;
    const v = this.view();
    for (const l of this.listeners) l(v);
    return v;
  }
}

function problemOf(
  t: { base_url: string; identifier: string; key: string },
  builtIn: boolean,
): string | null {
  if (!t.base_url)
    return builtIn
      ? 'the built-in integrator is not listening (no integrator URL yet)'
      : 'base_url is not set: enter the integrator’s base address';
  if (!t.identifier) return 'identifier is not set: enter the identifier the integrator issued';
  if (!t.key) return 'key is not set: enter the key the integrator issued';
  return null;
}
