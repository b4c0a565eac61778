/**
 * The document's marker for what the simulator defined itself (GAPS.md's **sim-defined** shapes): an
 * `x-sim-defined: true` extension and a description that starts with this prefix, so a reader of the
 * document (or a generated client) never mistakes it for the real service's contract.
 */
export const SIM_PREFIX = 'Simulator-defined:';
export const SIM_FLAG = 'x-sim-defined';

/** The extension and the description of something simulator-defined. */
export function simMarker(description: string): { description: string; [SIM_FLAG]: true } {
  const text = description.startsWith(SIM_PREFIX) ? description : `${SIM_PREFIX} ${description}`.trim();
  return { description: text, [SIM_FLAG]: true };
}
