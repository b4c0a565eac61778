import { type TerminalAction } from '@shared/schemas/ipp.schema';

interface Key {
  action: TerminalAction;
  label: string;
  testId: string;
  tone: 'go' | 'warn' | 'stop' | 'plain';
}

const KEYS: readonly Key[] = [
  { action: 'tap_card', label: 'Tap card', testId: 'terminal-tap', tone: 'go' },
  { action: 'wrong_pin', label: 'Wrong PIN', testId: 'terminal-wrong-pin', tone: 'warn' },
  { action: 'decline', label: 'Decline', testId: 'terminal-decline', tone: 'stop' },
  { action: 'walk_away', label: 'Walk away', testId: 'terminal-walk-away', tone: 'plain' },
];

/** The customer's side of the terminal: one key per action, usable only while a payment waits. */
export function TerminalKeys({
  enabled,
  pinAttemptsLeft,
  onAction,
}: {
  enabled: boolean;
  pinAttemptsLeft: number | undefined;
  onAction: (action: TerminalAction) => void;
}) {
  return (
    <div className="terminal-keys" role="group" aria-label="Customer actions">
      {KEYS.map((k) => (
        <button
          key={k.action}
          type="button"
          className={`terminal-key key-${k.tone}`}
          disabled={!enabled}
          onClick={() => onAction(k.action)}
          data-testid={k.testId}
        >
          <span className="key-label">{k.label}</span>
          {k.action === 'wrong_pin' && pinAttemptsLeft !== undefined && (
            <span className="key-sub" data-testid="terminal-pin-left">
              {pinAttemptsLeft} {pinAttemptsLeft === 1 ? 'try' : 'tries'} left
            </span>
          )}
        </button>
      ))}
    </div>
  );
}
