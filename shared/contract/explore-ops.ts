import { ExploreRunRefSchema, ExploreStartSchema, ExploreStatusSchema } from '../schemas/explore.schema';

/**
 * Explore (sim-defined): generated journeys against a merchant, checked against invariants, findings shrunk
 * to scenario files. The console's Explore page, `/test_helpers/explore` and `checkout-sim explore` run the
 * same operation; one run at a time per simulator.
 */
export const exploreOps = {
  /** Starts a run against this simulator's own API and answers its status (state running). */
  'explore.start': { input: ExploreStartSchema, output: ExploreStatusSchema },
  /** A run's progress and findings so far; null when there is no such run (or none yet). */
  'explore.status': { input: ExploreRunRefSchema.optional(), output: ExploreStatusSchema.nullable() },
  /** Stops a run: journeys under way finish, no new one starts; answers its status (stopped once over). */
  'explore.stop': { input: ExploreRunRefSchema.optional(), output: ExploreStatusSchema.nullable() },
} as const;
