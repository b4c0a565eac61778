import { type DeviceView } from '@shared/contract/ipp-ops';
import { type Session } from '@shared/schemas/ipp.schema';
import { formatMoney } from '../format/money';
import { formatRoute } from '../router/routes';
import { StatusBadge } from '../ui/StatusBadge';
import { paymentPrompt, PROCESSING_WORDS, type ScreenResult, type TerminalScreen } from './terminal-screen';
import './terminal-screen.css';

/** How many items fit on the screen before the rest is summed up as "+ n more". */
const ITEMS_SHOWN = 4;

const RESULT_ICON: Record<ScreenResult, string> = {
  approved: '✓',
  declined: '✗',
  cancelled: '⊘',
  expired: '⏱',
};

/** The terminal's display: idle, the payment waiting for the customer, processing, or the result. */
export function TerminalScreenView({
  screen,
  device,
  onClear,
}: {
  screen: TerminalScreen;
  device: DeviceView;
  onClear: () => void;
}) {
  const tone = screen.kind === 'result' ? screen.result : screen.kind;
  return (
    <div
      className={`terminal-screen screen-${tone}`}
      data-testid="terminal-screen"
      data-state={screen.kind}
      data-result={screen.kind === 'result' ? screen.result : undefined}
      role="status"
      aria-live="polite"
    >
      {screen.kind === 'idle' && <IdleScreen device={device} note={screen.note} />}
      {screen.kind === 'payment' && (
        <>
          <PaymentSummary session={screen.session} />
          <p className="screen-prompt" data-testid="terminal-prompt">
            {paymentPrompt(screen.session)}
          </p>
        </>
      )}
      {screen.kind === 'processing' && (
        <>
          <PaymentSummary session={screen.session} />
          <p className="screen-prompt" data-testid="terminal-prompt">
            {PROCESSING_WORDS[screen.action]}
          </p>
        </>
      )}
      {screen.kind === 'result' && (
        <div className="screen-result" data-testid="terminal-result">
          <span className="result-icon" aria-hidden="true">
            {RESULT_ICON[screen.result]}
          </span>
          <strong className="result-title" data-testid="terminal-result-title">
            {screen.title}
          </strong>
          <span className="result-amount num-font">
            {formatMoney(screen.session.order_amount, screen.session.purchase_currency)}
          </span>
          <span className="result-message" data-testid="terminal-result-message">
            {screen.message}
          </span>
          <span className="result-actions">
            <a
              className="screen-softkey"
              href={formatRoute({ name: 'terminals', sessionId: screen.session.session_id })}
              data-testid="terminal-session-link"
            >
              Details
            </a>
            <button type="button" className="screen-softkey" onClick={onClear} data-testid="terminal-clear">
              Clear
            </button>
          </span>
        </div>
      )}
    </div>
  );
}

function IdleScreen({ device, note }: { device: DeviceView; note?: string }) {
  return (
    <div className="screen-idle">
      <strong className="idle-ready" data-testid="terminal-ready">
        Ready
      </strong>
      <span className="idle-name">{device.name}</span>
      <span className="idle-meta">
        {device.platform}
        {device.location_id ? ` · ${device.location_id}` : ''}
      </span>
      {note && (
        <span className="idle-note" data-testid="terminal-idle-note">
          {note}
        </span>
      )}
    </div>
  );
}

/** The amount to pay, the items and the merchant's reference. */
function PaymentSummary({ session: s }: { session: Session }) {
  const hidden = s.order_items.length - ITEMS_SHOWN;
  return (
    <div className="screen-payment">
      <div className="screen-row">
        <span className="screen-label">Total to pay</span>
        <StatusBadge status={s.status} testId="terminal-session-status" />
      </div>
      <div className="screen-amount num-font" data-testid="terminal-amount">
        {formatMoney(s.order_amount, s.purchase_currency)}
      </div>
      <div className="screen-tax">incl. tax {formatMoney(s.order_tax_amount, s.purchase_currency)}</div>
      <ul className="screen-items" data-testid="terminal-items">
        {s.order_items.slice(0, ITEMS_SHOWN).map((item, i) => (
          <li key={i} data-testid="terminal-item">
            <span className="item-name">
              {item.name} × {item.quantity}
            </span>
            <span className="num-font">{formatMoney(item.total_amount, s.purchase_currency)}</span>
          </li>
        ))}
        {hidden > 0 && <li className="item-more">+ {hidden} more</li>}
      </ul>
      {s.merchant_reference1 && (
        <div className="screen-ref" data-testid="terminal-reference">
          Ref {s.merchant_reference1}
        </div>
      )}
    </div>
  );
}
