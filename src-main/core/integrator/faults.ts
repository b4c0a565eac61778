import {
  FAULT_ENDPOINTS,
  IntegratorFaultsSchema,
  type CommonFaults,
  type FaultEndpoint,
  type IntegratorFaults,
} from '@shared/schemas/integrator-sim.schema';
import { schemaProblems } from '@shared/rules/schema-problems';
import type { Db } from '../../store/db';
import type { Clock } from '../clock';
import { invalid } from '../errors';
import { loadFaults, saveFaults } from './integrator-config';

/** Whether any switch of one endpoint's faults is on. */
function anyOn(f: CommonFaults & Record<string, unknown>): boolean {
  return Object.values(f).some((v) => v !== false && v !== null && v !== 0);
}

/**
 * The fake integrator's fault switches, per endpoint, kept in SQLite. Read on every call, so the
 * "anything on?" answer is computed once per change.
 */
export class IntegratorFaultSwitches {
  private current: IntegratorFaults;
  private on = {} as Record<FaultEndpoint, boolean>;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** Told the new switches after every change, so every console window follows (a script may have switched it). */
    private readonly onChange: (faults: IntegratorFaults) => void = () => {},
  ) {
    this.current = loadFaults(db);
    this.refresh();
  }

  /** Every endpoint's switches. */
  get(): IntegratorFaults {
    return this.current;
  }

  of<E extends FaultEndpoint>(endpoint: E): IntegratorFaults[E] {
    return this.current[endpoint];
  }

  anyOn(endpoint: FaultEndpoint): boolean {
    return this.on[endpoint];
  }

  /** Replaces the whole set (endpoints and switches left out are off); refuses unknown or bad switches. */
  set(input: unknown): IntegratorFaults {
    const parsed = IntegratorFaultsSchema.safeParse(input ?? {});
    if (!parsed.success) throw invalid(schemaProblems(parsed.error));
    const stored = this.store(parsed.data);
    this.onChange(stored);
    return stored;
  }

  /** Changes some switches of one endpoint, keeping the rest (the console toggles one at a time). */
  update(endpoint: FaultEndpoint, patch: Record<string, unknown>): IntegratorFaults {
    return this.set({ ...this.current, [endpoint]: { ...this.current[endpoint], ...patch } });
  }

  private store(faults: IntegratorFaults): IntegratorFaults {
    saveFaults(this.db, faults, new Date(this.clock.now()).toISOString());
    this.current = faults;
    this.refresh();
    return faults;
  }

  private refresh(): void {
    for (const e of FAULT_ENDPOINTS) this.on[e] = anyOn(this.current[e]);
  }
}
