import { type StepKey, type StepperItem } from './session-view';

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
        <li key={item.key} className={`step step-${item.state}${item.key === shown ? ' step-shown' : ''}`}>
          <button
            type="button"
            className="step-button"
            onClick={() => onShow(item.key)}
            aria-current={item.state === 'current' ? 'step' : undefined}
            aria-pressed={item.key === shown}
            data-testid={`step-${item.key}`}
            data-state={item.state}
          >
            <span className="step-mark" aria-hidden="true">
              {item.state === 'done' ? '✓' : item.state === 'skipped' ? '–' : i + 1}
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
