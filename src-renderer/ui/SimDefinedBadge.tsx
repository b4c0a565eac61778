/** Says what the badge means; names the document where the simulator's own shapes are described. */
export const SIM_DEFINED_TITLE =
  "Simulator-only: not part of the real service's contract, defined by the simulator for testing (see /openapi.json)";

/**
 * Marks a shape the simulator defines itself (GAPS.md's sim-defined: the automation API, the clock, push
 * timelines, upsell payloads, shipping-assistant settings and conformance), so nobody builds on it as if it
 * were the real service's contract. `inline` when it follows text, e.g. inside a heading.
 */
export function SimDefinedBadge({ inline = false }: { inline?: boolean }) {
  return (
    <span
      className={`badge badge-sim${inline ? ' badge-inline' : ''}`}
      data-testid="sim-defined-badge"
      title={SIM_DEFINED_TITLE}
    >
      simulator-only
    </span>
  );
}
