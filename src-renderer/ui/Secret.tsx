import { MASK, useUiStore } from './ui-store';

/** A secret value, masked unless the user chose to reveal secrets. */
export function Secret({ value, testId }: { value: string; testId?: string }) {
  const reveal = useUiStore((s) => s.revealSecrets);
  return (
    <span className="mono" data-testid={testId} data-masked={!reveal}>
      {reveal ? value : MASK}
    </span>
  );
}

/** The one toggle that reveals or masks every secret on screen. */
export function RevealSecretsButton({ testId }: { testId: string }) {
  const reveal = useUiStore((s) => s.revealSecrets);
  const toggle = useUiStore((s) => s.toggleRevealSecrets);
  return (
    <button
      type="button"
      className="btn btn-small"
      data-testid={testId}
      aria-pressed={reveal}
      onClick={toggle}
    >
      {reveal ? 'Hide' : 'Show'}
    </button>
  );
}
