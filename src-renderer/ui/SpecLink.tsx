/** The spec documents the console cites, copied into the repository's docs/spec/ and served beside the console. */
export const SPEC_DOCS = [
  'checkout-callbacks.md',
  'shipping-integrator-api.md',
  'clients-ipp-devices.md',
  'GAPS.md',
] as const;
export type SpecDoc = (typeof SPEC_DOCS)[number];

/** Whether a citation names one of the spec documents, e.g. `GAPS.md (200; media type)` → `GAPS.md`. */
export function specDocIn(text: string): SpecDoc | null {
  return SPEC_DOCS.find((d) => text.startsWith(d)) ?? null;
}

/**
 * A link to a spec document as the repository has it (docs/spec/…). The build copies them next to the
 * console (electron.vite.config.ts), so the link opens the same text in a new tab.
 */
export function SpecLink({ doc, label, className }: { doc: SpecDoc; label?: string; className?: string }) {
  return (
    <a
      href={`spec/${doc}`}
      target="_blank"
      rel="noreferrer"
      className={className}
      title={`docs/spec/${doc}: the spec document in the repository`}
      data-testid="spec-link"
      data-doc={doc}
    >
      {label ?? `docs/spec/${doc}`}
    </a>
  );
}
