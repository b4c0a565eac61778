import { type StepKey, type StepperItem } from './session-view';

/** A tile's mark: ✓ done, ✗ failed, — never reached (or nothing to do); otherwise the step's number. */
const MARKS: Partial<Record<StepperItem['state'], string>> = {
  done: '✓',
  failed: '✗',
  skipped: '—',
  unreached: '—',
};

/** The session's steps in order, each with its state and summary; a click shows that step's panel. */
export function Stepper({
  items,
  shown,
  onShow,
}: {
  items: StepperItem[];
  shown: StepKey;
  onShow: (key: StepKey) => void;
}) {
  return (
    <ol className="stepper" data-testid="stepper" aria-label="Checkout steps">
      {items.map((item, i) => (
        <li
          key={item.key}
          className={`step step-${item.state}${item.current ? ' step-current' : ''}${item.key === shown ? ' step-shown' : ''}`}
        >
          <button
            type="button"
            className="step-button"
            onClick={() => onShow(item.key)}
            aria-current={item.current ? 'step' : undefined}
            aria-pressed={item.key === shown}
            data-testid={`step-${item.key}`}
            data-state={item.state}
            title={item.why ?? `${item.label}: ${item.summary}`}
          >
            <span className="step-mark" aria-hidden="true">
              {MARKS[item.state] ?? i + 1}
            </span>
            <span className="step-text">
              <span className="step-label">{item.label}</span>
              <span className="step-summary" data-testid={`step-${item.key}-summary`}>
                {item.summary}
              </span>
            </span>
          </button>
        </li>
      ))}
    </ol>
  );
}
