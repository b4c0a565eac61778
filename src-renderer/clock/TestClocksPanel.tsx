import { countOf } from '@shared/format/plural';
import { type TestClockView } from '@shared/schemas/test-clock.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useControlApi } from '../api/ControlApiContext';
import { useConnectionStore } from '../api/connection-store';
import { formatWhen } from '../format/time';
import { formatRoute } from '../router/routes';
import { ErrorSummary } from '../form/ErrorSummary';
import { toFormErrors } from '../form/problems';
import { QueryStatus } from '../ui/QueryStatus';
import { SimDefinedBadge } from '../ui/SimDefinedBadge';
import './test-clocks.css';

const KEY = ['testClocks'] as const;

/**
 * The test clocks beside the simulator clock: each with its time, its next timer and what is bound to it,
 * advanced or deleted from here (scripts make and bind them through /test_helpers/test_clocks).
 */
export function TestClocksPanel() {
  const api = useControlApi();
  const client = useQueryClient();
  const clocks = useQuery({ queryKey: KEY, queryFn: () => api.invoke('testClocks.list', {}) });
  // Its own event: a script making, binding or advancing a clock shows here at once.
  useEffect(
    () => api.subscribe('testClocks.changed', () => void client.invalidateQueries({ queryKey: KEY })),
    [api, client],
  );
  const create = useMutation({
    mutationFn: () => api.invoke('testClocks.create', {}),
    onSuccess: () => void client.invalidateQueries({ queryKey: KEY }),
  });
  const down = useConnectionStore((c) => c.down);
  const list = clocks.data?.test_clocks ?? [];
  return (
    <section className="card" data-testid="test-clocks" aria-labelledby="test-clocks-title">
      <h2 id="test-clocks-title">
        Test clocks <SimDefinedBadge />
      </h2>
      <p className="muted small">
        A clock per test: an order or in-person session bound to one reads its time, and its timers fire only
        when that clock is advanced. Deleting a clock puts what was bound back on the simulator clock.
      </p>
      <QueryStatus isPending={clocks.isPending} error={clocks.error} what="the test clocks">
        {list.length === 0 ? (
          <p className="muted" data-testid="test-clocks-empty">
            No test clock. Scripts create them with POST /test_helpers/test_clocks.
          </p>
        ) : (
          <ul className="test-clock-list">
            {list.map((c) => (
              <TestClockRow key={c.clock_id} view={c} />
            ))}
          </ul>
        )}
      </QueryStatus>
      <ErrorSummary errors={toFormErrors(create.error)} testId="test-clock-create-error" />
      <button
        type="button"
        className="btn"
        data-testid="test-clock-create"
        disabled={down || create.isPending}
        onClick={() => create.mutate()}
      >
        New test clock
      </button>
    </section>
  );
}

function TestClockRow({ view }: { view: TestClockView }) {
  const api = useControlApi();
  const client = useQueryClient();
  const done = () => void client.invalidateQueries({ queryKey: KEY });
  const advance = useMutation({
    mutationFn: () => api.invoke('testClocks.advance', { clockId: view.clock_id, seconds: 3600 }),
    onSuccess: done,
  });
  const remove = useMutation({
    mutationFn: () => api.invoke('testClocks.delete', { clockId: view.clock_id }),
    onSuccess: done,
  });
  const down = useConnectionStore((c) => c.down);
  const busy = down || advance.isPending || remove.isPending;
  return (
    <li className="test-clock" data-testid="test-clock-row" data-clock-id={view.clock_id}>
      <div className="test-clock-head">
        <strong>{view.name ?? view.clock_id}</strong>
        <span className="mono" data-testid="test-clock-now">
          {formatWhen(view.now)}
        </span>
        <span className="muted small" data-testid="test-clock-next">
          {view.next_event_at === null
            ? 'No timer is pending.'
            : `Next event ${formatWhen(view.next_event_at)} · ${countOf(view.pending_timers, 'timer')} pending`}
        </span>
      </div>
      <ul className="test-clock-bound small" aria-label="Bound to this clock">
        {view.bound.map((b) => (
          <li key={b.id} data-testid="test-clock-bound" data-kind={b.kind} data-id={b.id}>
            {b.kind === 'order' ? (
              <a href={formatRoute({ name: 'order', orderId: b.id })}>order {b.id}</a>
            ) : (
              `in-person session ${b.id}`
            )}
          </li>
        ))}
      </ul>
      <ErrorSummary errors={toFormErrors(advance.error ?? remove.error)} testId="test-clock-error" />
      <div role="group" aria-label={`Test clock ${view.name ?? view.clock_id}`}>
        <button
          type="button"
          className="btn"
          data-testid="test-clock-plus-hour"
          disabled={busy}
          onClick={() => advance.mutate()}
        >
          +1 hour
        </button>{' '}
        <button
          type="button"
          className="btn"
          data-testid="test-clock-delete"
          disabled={busy}
          onClick={() => remove.mutate()}
        >
          Delete
        </button>
      </div>
    </li>
  );
}
