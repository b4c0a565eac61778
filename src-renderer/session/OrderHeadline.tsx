import { formatWhen } from '../format/time';
import { formatRoute } from '../router/routes';
import { type OrderProblem } from './first-failure';
import { type OrderVerdict } from './order-verdict';

/**
 * The order's worst state, first on its page and in its colour (issue 34 point 2). When the newest problem
 * is the same exchange, its sentence (the step's own words) is the better one and is used.
 */
export function OrderHeadline({
  verdict,
  problem,
  orderId,
  expiresAt,
}: {
  verdict: OrderVerdict;
  problem: OrderProblem | null;
  orderId: string;
  expiresAt?: string | undefined;
}) {
  const same = problem !== null && problem.exchangeId !== null && problem.exchangeId === verdict.exchangeId;
  const sentence = same ? problem.sentence : verdict.sentence;
  const expired = verdict.state === 'expired' && expiresAt ? ` Expired at ${formatWhen(expiresAt)}.` : '';
  return (
    <div
      className={`order-headline order-headline-${verdict.tone}`}
      role={verdict.tone === 'bad' ? 'alert' : 'status'}
      data-testid="order-headline"
      data-state={verdict.state}
      data-tone={verdict.tone}
    >
      <strong className="order-headline-title">{verdict.title}</strong>
      <span className="order-headline-sentence selectable">
        {sentence}
        {expired}
      </span>
      {verdict.exchangeId && (
        <a
          href={formatRoute({ name: 'log', orderId, exchangeId: verdict.exchangeId })}
          data-testid="order-headline-exchange"
        >
          See the exchange
        </a>
      )}
      {verdict.state === 'push-given-up' && (
        <a href={formatRoute({ name: 'order-timeline', orderId })} data-testid="order-headline-timeline">
          See the push timeline
        </a>
      )}
    </div>
  );
}
