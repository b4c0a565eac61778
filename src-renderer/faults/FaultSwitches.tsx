import {
  MERCHANT_FAULT_LABELS,
  MERCHANT_FAULT_SCENARIOS,
  MERCHANT_FAULT_TEXT,
  MERCHANT_FAULTS,
  SCENARIO_NAMES,
  type MerchantFault,
  type MerchantFaults,
} from '@shared/schemas/merchant-faults.schema';
import './faults.css';

/** How many switches of a set are on. */
export const onCount = (faults: MerchantFaults): number => MERCHANT_FAULTS.filter((f) => faults[f]).length;

/** A scenario's name as people read it: `at_least_once_push` → "at least once push". */
const scenarioLabel = (name: string) => name.replace(/_/g, ' ');

/**
 * The merchant fault switches of one set, each with what it does, and the named scenarios that switch
 * several on at once. `onChange` gets the whole new set (a change replaces the set, as a PUT does).
 */
export function FaultSwitches({
  faults,
  disabled,
  onChange,
  testId,
}: {
  faults: MerchantFaults;
  disabled: boolean;
  onChange: (next: MerchantFaults) => void;
  testId: string;
}) {
  const toggle = (f: MerchantFault, on: boolean) => onChange({ ...faults, [f]: on });
  return (
    <div className="merchant-faults" data-testid={testId}>
      <ul className="merchant-fault-list">
        {MERCHANT_FAULTS.map((f) => (
          <li key={f}>
            <label className="check">
              <input
                type="checkbox"
                checked={faults[f]}
                disabled={disabled}
                onChange={(e) => toggle(f, e.target.checked)}
                data-testid={`${testId}-${f}`}
              />
              {MERCHANT_FAULT_LABELS[f]} <code className="small muted">{f}</code>
            </label>
            <p className="hint">{MERCHANT_FAULT_TEXT[f]}.</p>
          </li>
        ))}
      </ul>
      <div className="row-actions">
        <span className="muted small">Scenarios:</span>
        {SCENARIO_NAMES.map((name) => (
          <button
            key={name}
            type="button"
            className="btn btn-small"
            disabled={disabled}
            title={MERCHANT_FAULT_SCENARIOS[name].join(', ')}
            onClick={() => {
              const next = { ...faults };
              for (const f of MERCHANT_FAULT_SCENARIOS[name]) next[f] = true;
              onChange(next);
            }}
            data-testid={`${testId}-scenario-${name}`}
          >
            {scenarioLabel(name)}
          </button>
        ))}
        <button
          type="button"
          className="btn btn-small"
          disabled={disabled || onCount(faults) === 0}
          onClick={() =>
            onChange(Object.fromEntries(MERCHANT_FAULTS.map((f) => [f, false])) as MerchantFaults)
          }
          data-testid={`${testId}-none`}
        >
          All off
        </button>
      </div>
    </div>
  );
}
