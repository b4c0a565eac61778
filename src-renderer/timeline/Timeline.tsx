import { useRef, useState } from 'react';
import { formatWhen, formatWhenNoYear } from '../format/time';
import { type Tick } from './time-scale';
import { type TimelineModel } from './timeline-model';
import { TimelineLegend } from './TimelineLegend';
import { TimelineTip, type TipTarget } from './TimelineTip';
import { useElementWidth } from './useElementWidth';
import './timeline.css';

/** Vertical layout of the drawing, in px. */
const Y = { band: 13, flag: 36, diamond: 50, axis: 72, tick: 98, now: 120, height: 128 } as const;
const PAD_LEFT = 18;
const PAD_RIGHT = 30;
/** Tick labels closer than this are thinned out (the last one always stays). */
const MIN_LABEL_GAP = 26;

/**
 * One order's push schedule (see timeline-model.ts) drawn from completion to 48 hours after the first push: planned attempts
 * hollow, made ones filled by outcome, the acknowledgement, notifications, and the simulator's "now".
 */
export function Timeline({ model, nowMs }: { model: TimelineModel; nowMs: number }) {
  const wrap = useRef<HTMLDivElement>(null);
  const width = useElementWidth(wrap);
  const [tip, setTip] = useState<TipTarget | null>(null);
  const inner = width - PAD_LEFT - PAD_RIGHT;
  const px = (x: number) => PAD_LEFT + x * inner;
  const hover = (target: TipTarget) => ({
    onMouseEnter: () => setTip(target),
    onMouseLeave: () => setTip(null),
    onFocus: () => setTip(target),
    onBlur: () => setTip(null),
  });

  return (
    <div className="timeline" data-testid="timeline" data-state={model.state}>
      <div className="timeline-canvas" ref={wrap}>
        <svg
          width={width}
          height={Y.height}
          className="timeline-svg"
          role="img"
          aria-label={`Push timeline: ${model.made} of ${model.points.length} attempts made`}
        >
          <Bands model={model} px={px} />
          <line className="tl-axis" x1={px(0)} x2={px(model.ack ? model.ack.x : 1)} y1={Y.axis} y2={Y.axis} />
          {model.ack && (
            // After the acknowledgement the schedule is over: the rest of the axis is drawn as stopped.
            <line
              className="tl-axis tl-axis-stopped"
              x1={px(model.ack.x)}
              x2={px(1)}
              y1={Y.axis}
              y2={Y.axis}
            />
          )}
          {/* Under the tick labels (which mask it) and the points. */}
          <NowCursor model={model} px={px} width={width} />
          <TickMarks ticks={model.ticks} px={px} />
          {model.expiry.onScale && (
            <Flag x={px(model.expiry.x)} cls="tl-expiry" label="authorization expires" width={width} />
          )}
          {model.ack && (
            <g
              data-testid="timeline-ack"
              data-at={model.ack.at}
              tabIndex={0}
              {...hover({ kind: 'ack', x: px(model.ack.x), at: model.ack.at })}
            >
              <Flag x={px(model.ack.x)} cls="tl-ack" label={`✓ acknowledged`} width={width} />
            </g>
          )}
          {model.notifications.map((n, i) => (
            <rect
              key={i}
              className={`tl-notification${n.record.sent ? '' : ' tl-notification-unsent'}`}
              x={px(n.x) - 5}
              y={Y.diamond - 5}
              width={10}
              height={10}
              transform={`rotate(45 ${px(n.x)} ${Y.diamond})`}
              tabIndex={0}
              data-testid="timeline-notification"
              {...hover({ kind: 'notification', x: px(n.x), record: n.record })}
            />
          ))}
          {model.points.map((p) => (
            <g
              key={p.number}
              className={`tl-point tl-${p.state}${p.tone ? ` tone-${p.tone}` : ''}`}
              data-testid="timeline-point"
              data-number={p.number}
              data-state={p.state}
              data-outcome={p.attempt?.outcome}
              tabIndex={0}
              aria-label={`Attempt ${p.number}: ${p.state}`}
              {...hover({ kind: 'point', x: px(p.x), point: p })}
            >
              <circle className="tl-hit" cx={px(p.x)} cy={Y.axis} r={12} />
              <circle
                className="tl-dot"
                cx={px(p.x)}
                cy={Y.axis}
                r={p.state === 'made' ? 8 : p.state === 'pending' ? 7 : 5}
              />
            </g>
          ))}
        </svg>
        {tip && <TimelineTip target={tip} nowMs={nowMs} width={width} top={Y.axis + 16} />}
      </div>
      <TimelineLegend model={model} />
    </div>
  );
}

function Bands({ model, px }: { model: TimelineModel; px: (x: number) => number }) {
  const { firstDelayMs, earlyMs } = model.scale.spec;
  const early = model.scale.x(firstDelayMs + earlyMs);
  const first = model.scale.x(firstDelayMs);
  return (
    <g className="tl-bands" aria-hidden="true">
      <rect
        className="tl-band"
        x={px(first)}
        y={Y.band + 6}
        width={px(early) - px(first)}
        height={Y.tick - Y.band - 14}
      />
      <text className="tl-band-label" x={(px(first) + px(early)) / 2} y={Y.band} textAnchor="middle">
        first hour (stretched)
      </text>
      <text className="tl-band-label" x={(px(early) + px(1)) / 2} y={Y.band} textAnchor="middle">
        then every 4 hours, to 48 h after the first push
      </text>
    </g>
  );
}

function TickMarks({ ticks, px }: { ticks: Tick[]; px: (x: number) => number }) {
  const labelled: Tick[] = [];
  for (const t of ticks) {
    const last = labelled[labelled.length - 1];
    if (last && px(t.x) - px(last.x) < MIN_LABEL_GAP) {
      if (t === ticks[ticks.length - 1]) labelled[labelled.length - 1] = t;
      continue;
    }
    labelled.push(t);
  }
  return (
    <g className="tl-ticks" data-testid="timeline-ticks">
      {ticks.map((t, i) => (
        <line key={i} className="tl-tick" x1={px(t.x)} x2={px(t.x)} y1={Y.axis + 11} y2={Y.axis + 15} />
      ))}
      {labelled.map((t, i) => (
        <text
          key={i}
          className="tl-tick-label"
          x={px(t.x)}
          y={Y.tick}
          textAnchor="middle"
          data-testid="timeline-tick"
        >
          {t.label}
        </text>
      ))}
    </g>
  );
}

/** A vertical marker line with a label beside its top (left of it near the right edge). */
function Flag({ x, cls, label, width }: { x: number; cls: string; label: string; width: number }) {
  const left = x > width - 130;
  return (
    <g className={cls}>
      <line className="tl-flag-line" x1={x} x2={x} y1={Y.flag - 12} y2={Y.axis + 11} />
      <text className="tl-flag-label" x={left ? x - 5 : x + 5} y={Y.flag} textAnchor={left ? 'end' : 'start'}>
        {label}
      </text>
    </g>
  );
}

function NowCursor({ model, px, width }: { model: TimelineModel; px: (x: number) => number; width: number }) {
  const x = px(model.now.x);
  const anchor = x < 70 ? 'start' : x > width - 70 ? 'end' : 'middle';
  const label =
    model.now.side === 'after'
      ? `now ${formatWhen(model.now.at)} →`
      : model.now.side === 'before'
        ? `← now ${formatWhen(model.now.at)}`
        : `now ${formatWhenNoYear(model.now.at)}`;
  return (
    <g className="tl-now" data-testid="timeline-now" data-at={model.now.at} data-side={model.now.side}>
      {/* From just above the axis down to its label: never up among the flags (the acknowledgement's
          marker and label, the expiry's), which it would cross when "now" is at or just after them. */}
      <line x1={x} x2={x} y1={Y.axis - 14} y2={Y.now - 11} />
      <text x={x} y={Y.now} textAnchor={anchor}>
        {label}
      </text>
    </g>
  );
}
