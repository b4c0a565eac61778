import { Fragment, useEffect, useRef } from 'react';
import { isPageEvent, statusClass, statusWords } from './exchange-view';
import { ExchangeDetail } from './ExchangeDetail';
import { type LogItem } from './pairs';

/**
 * The exchange a row opened, beside the list: it stays in view while the list scrolls, and scrolls on its
 * own. Escape or ✕ closes it.
 */
export function ExchangePanel({
  item,
  id,
  searching,
  onClose,
}: {
  /** The opened exchange; undefined while it is looked for, or when this view does not hold it. */
  item: LogItem | undefined;
  id: string;
  searching: boolean;
  onClose: () => void;
}) {
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    const onKey = (ev: KeyboardEvent) => {
      if (ev.key === 'Escape' && !ev.defaultPrevented) onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  // Each exchange opens at its top.
  useEffect(() => {
    // Braced: scrollTo returns a promise in recent Chromium, which React would take for a cleanup.
    panel.current?.scrollTo({ top: 0 });
  }, [item?.exchange.id]);

  const e = item?.exchange;
  return (
    <aside
      className="log-panel"
      ref={panel}
      aria-label={e ? `Exchange ${e.kind}` : 'Exchange'}
      data-testid="log-panel"
      data-exchange-id={e?.id ?? id}
    >
      <header className="log-panel-head">
        {e ? (
          <>
            <span className={`dir dir-${e.direction}`}>{e.direction}</span>
            <strong className="log-panel-kind">
              {/* A long kind breaks after its dot (client_event. / load_confirmation), not inside a word. */}
              {e.kind.split('.').map((part, i, all) => (
                <Fragment key={i}>
                  {part}
                  {i < all.length - 1 && (
                    <>
                      .<wbr />
                    </>
                  )}
                </Fragment>
              ))}
            </strong>
            {isPageEvent(e) && e.status === null ? (
              <span className="log-told">{statusWords(e)}</span>
            ) : (
              <span className={`http http-${statusClass(e.status)}`}>{statusWords(e)}</span>
            )}
          </>
        ) : (
          <span className="mono">{id}</span>
        )}
        <span className="spacer" />
        <button
          type="button"
          className="btn btn-small"
          onClick={onClose}
          aria-label="Close the exchange"
          title="Close (Esc)"
          data-testid="log-panel-close"
        >
          ✕
        </button>
      </header>
      {e ? (
        <ExchangeDetail exchange={e} served={item.served} />
      ) : (
        <p className="muted" data-testid="log-panel-missing">
          {searching
            ? 'Looking for this exchange among older ones…'
            : 'This exchange is not in this view: the filters leave it out, or the log was cleared since.'}
        </p>
      )}
    </aside>
  );
}
