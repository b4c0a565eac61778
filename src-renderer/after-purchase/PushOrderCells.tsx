import { formatWhen } from '../format/time';
import { formatRoute } from '../router/routes';

/** The first two cells of a push row (the overview's and the recent card's): the order, linked to its timeline, and when it completed. */
export function PushOrderCells({
  orderId,
  completedAt,
  testId,
}: {
  orderId: string;
  completedAt: string;
  testId: string;
}) {
  return (
    <>
      <td className="push-order-cell">
        <a
          className="mono push-order-id"
          href={formatRoute({ name: 'order-timeline', orderId })}
          title={orderId}
          data-testid={testId}
        >
          {orderId}
        </a>
      </td>
      <td className="mono small nowrap">{formatWhen(completedAt)}</td>
    </>
  );
}
