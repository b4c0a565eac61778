import type { IntegratorFaults } from '@shared/schemas/integrator-sim.schema';
import type { Db } from '../store/db';
import { isoAt, type Clock } from './clock';
import type { EventBus } from './events';
import { FakeIntegrator } from './integrator/fake-integrator';
import { IntegratorFaultSwitches } from './integrator/faults';
import { loadOrCreateCredentials } from './integrator/integrator-config';
import { IntegratorOptions } from './integrator/options';
import { IntegratorSettingsStore } from './integrator/settings-store';
import { IntegratorShipments } from './integrator/shipments';
import { IntegratorTokens } from './integrator/tokens';

export interface IntegratorInputs {
  db: Db;
  clock: Clock;
  /** Where a change of its settings or fault switches is announced (`integrator.changed`). */
  events: EventBus;
}

/**
 * The built-in fake integrator and its parts, each built here from the ones before it (createCore calls
 * this): its credentials, settings and fault switches, the tokens it issued, its shipping options, its
 * shipments. A change of the settings or the switches tells the console both.
 */
export function buildIntegrator({ db, clock, events }: IntegratorInputs): FakeIntegrator {
  const creds = loadOrCreateCredentials(db, isoAt(clock));
  const settings = new IntegratorSettingsStore(db, clock);
  const changed = (faults: IntegratorFaults) =>
    events.emit('integrator.changed', { info: { ...creds, ...settings.get() }, faults });
  const faults = new IntegratorFaultSwitches(db, clock, changed);
  return new FakeIntegrator({
    ...{ creds, settings, faults },
    tokens: new IntegratorTokens(db, clock),
    options: new IntegratorOptions(clock),
    shipments: new IntegratorShipments(db, clock, settings),
    onSettingsChange: () => changed(faults.get()),
  });
}
