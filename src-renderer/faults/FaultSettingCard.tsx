import { ErrorSummary } from '../form/ErrorSummary';
import { toFormErrors } from '../form/problems';
import { QueryStatus } from '../ui/QueryStatus';
import { SimDefinedBadge } from '../ui/SimDefinedBadge';
import { useFaultSetting, useSetFaultSetting } from '../api/fault-queries';
import { FaultSwitches, onCount } from './FaultSwitches';

/** The merchant faults setting: every order without its own set. Each switch applies at once. */
export function FaultSettingCard() {
  const setting = useFaultSetting();
  const set = useSetFaultSetting();
  return (
    <section className="card settings-faults" data-testid="settings-faults">
      <header className="card-header">
        <h2>
          Merchant faults <SimDefinedBadge inline />
        </h2>
        {setting.data && (
          <span
            className={`badge ${onCount(setting.data) > 0 ? 'badge-bad' : ''}`}
            data-testid="settings-faults-count"
            data-count={onCount(setting.data)}
          >
            {onCount(setting.data) === 0 ? 'none on' : `${onCount(setting.data)} on`}
          </span>
        )}
      </header>
      <p className="hint intro-hint">
        For every order without faults of its own (an order’s page can give it its own). The same as PUT
        /test_helpers/merchant_faults: each switch applies at once, to the calls made from then on.
      </p>
      <QueryStatus isPending={setting.isPending} error={setting.error} what="the merchant faults">
        {setting.data && (
          <FaultSwitches
            faults={setting.data}
            disabled={set.isPending}
            onChange={(next) => set.mutate(next)}
            testId="settings-faults-switches"
          />
        )}
      </QueryStatus>
      <ErrorSummary errors={toFormErrors(set.error)} testId="settings-faults-error" />
    </section>
  );
}
