import { z } from 'zod';
import { NoInput } from './op-inputs';
import {
  FAULT_ENDPOINTS,
  IntegratorFaultsSchema,
  IntegratorInfoSchema,
} from '../schemas/integrator-sim.schema';

/** The built-in fake integrator as the console drives it: its credentials, settings and fault switches. */
export const integratorOps = {
  /** Identifier, key (the console masks it until revealed), token lifetime and tracking delay. */
  'integrator.info': { input: NoInput, output: IntegratorInfoSchema },
  'integrator.settings.update': { input: z.unknown(), output: IntegratorInfoSchema },
  'integrator.faults.get': { input: NoInput, output: IntegratorFaultsSchema },
  /** Replaces the whole fault set (anything left out is off), as `PUT /test_helpers/integrator/faults`. */
  // Passed on whole to the service's strict schema: a record would drop a `__proto__` field unseen.
  'integrator.faults.set': { input: z.unknown(), output: IntegratorFaultsSchema },
  /** Changes some switches of one endpoint, leaving the rest as they are. */
  'integrator.faults.update': {
    input: z.object({ endpoint: z.enum(FAULT_ENDPOINTS), patch: z.record(z.string(), z.unknown()) }),
    output: IntegratorFaultsSchema,
  },
} as const;

export const integratorEvents = {
  /** The fake integrator's settings or fault switches changed (from the console or a script). */
  'integrator.changed': z.object({ info: IntegratorInfoSchema, faults: IntegratorFaultsSchema }),
} as const;
