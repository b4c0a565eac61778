import {
  MERCHANT_FAULT_LABELS,
  MERCHANT_FAULTS,
  type AppliedFault,
} from '@shared/schemas/merchant-faults.schema';
import { formatWhen } from '../format/time';
import { formatRoute } from '../router/routes';
import { ErrorSummary } from '../form/ErrorSummary';
import { Fold } from '../ui/Fold';
import { toFormErrors } from '../form/problems';
import { QueryStatus } from '../ui/QueryStatus';
import { SimDefinedBadge } from '../ui/SimDefinedBadge';
import { useOrderFaults, useSetOrderFaults } from '../api/fault-queries';
import { FaultSwitches, onCount } from './FaultSwitches';

/**
 * The order's merchant faults: whether the setting applies to it or a set of its own, the switches of
 * that set, and every fault applied to the order so far with the exchanges it made.
 */
export function OrderFaultsCard({ orderId }: { orderId: string }) {
  const faults = useOrderFaults(orderId);
  const set = useSetOrderFaults(orderId);
  const data = faults.data;
  // Folded while nothing about faults concerns this order; open as soon as one is on or was applied.
  const active = !!data && (data.own !== null || onCount(data.setting) > 0 || data.applied.length > 0);
  const hint = data
    ? `${data.own ? 'its own set' : `as the setting (${onCount(data.setting)} on)`} · ${data.applied.length} applied`
    : 'the service misbehaving on purpose';
  return (
    <Fold title="Merchant faults" hint={hint} testId="order-faults" open={active}>
      <p className="hint">
        <SimDefinedBadge inline /> The service misbehaving towards your server on purpose: duplicate and late
        pushes, lost acknowledgements, callbacks racing each other or abandoned while your server works. Each
        fault applied is marked on its exchange in the log and listed below.
      </p>
      <QueryStatus isPending={faults.isPending} error={faults.error} what="the order’s faults">
        {data && (
          <>
            <label className="field">
              <span className="field-label">Faults for this order</span>
              <select
                className="input"
                value={data.own ? 'own' : 'setting'}
                disabled={set.isPending}
                onChange={(e) => set.mutate(e.target.value === 'own' ? { ...data.setting } : null)}
                data-testid="order-faults-mode"
              >
                <option value="setting">As the setting ({onCount(data.setting)} on)</option>
                <option value="own">Its own</option>
              </select>
            </label>
            {data.own ? (
              <FaultSwitches
                faults={data.own}
                disabled={set.isPending}
                onChange={(next) => set.mutate(next)}
                testId="order-faults-switches"
              />
            ) : (
              <p className="muted" data-testid="order-faults-setting">
                {onCount(data.setting) === 0
                  ? 'The setting has no fault on.'
                  : `The setting: ${MERCHANT_FAULTS.filter((f) => data.setting[f])
                      .map((f) => MERCHANT_FAULT_LABELS[f])
                      .join(', ')}.`}
              </p>
            )}
            <ErrorSummary errors={toFormErrors(set.error)} testId="order-faults-error" />
            <h3>Applied to this order ({data.applied.length})</h3>
            {data.applied.length === 0 ? (
              <p className="muted" data-testid="order-faults-applied-none">
                None yet.
              </p>
            ) : (
              <AppliedList orderId={orderId} applied={data.applied} />
            )}
          </>
        )}
      </QueryStatus>
    </Fold>
  );
}

function AppliedList({ orderId, applied }: { orderId: string; applied: readonly AppliedFault[] }) {
  return (
    <ol className="merchant-faults-applied" data-testid="order-faults-applied">
      {applied.map((a, i) => (
        <li key={`${a.at}-${i}`} data-testid="order-fault-applied" data-fault={a.fault}>
          <strong>{MERCHANT_FAULT_LABELS[a.fault]}</strong>
          {a.attempt !== undefined && <span className="muted"> · push attempt {a.attempt}</span>}{' '}
          <span className="muted small">{formatWhen(a.at)}</span>
          <br />
          <span className="small">{a.note}</span>
          {a.exchange_ids.length > 0 && (
            <>
              {' '}
              <a className="small" href={formatRoute({ name: 'log', orderId })}>
                {a.exchange_ids.length === 1 ? 'its exchange' : `its ${a.exchange_ids.length} exchanges`} in
                the log
              </a>
            </>
          )}
        </li>
      ))}
    </ol>
  );
}
