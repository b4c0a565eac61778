import type { integratorOps } from '@shared/contract/integrator-ops';
import type { Handlers } from '../control';
import type { FakeIntegrator } from './fake-integrator';

/** Control handlers of the built-in fake integrator: the same service its HTTP endpoints use. */
export function integratorHandlers(fake: FakeIntegrator): Pick<Handlers, keyof typeof integratorOps> {
  return {
    'integrator.info': () => fake.info(),
    'integrator.settings.update': (i) => {
      fake.updateSettings(i);
      return fake.info();
    },
    'integrator.faults.get': () => fake.faults.get(),
    'integrator.faults.set': (i) => fake.faults.set(i),
    'integrator.faults.update': (i) => fake.faults.update(i.endpoint, i.patch),
  };
}
