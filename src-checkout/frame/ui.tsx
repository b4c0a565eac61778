/** @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import type { CustomerNotice, CustomerView } from '@shared/schemas/customer.schema';
import type { Checkout } from './use-checkout';

/** Small pieces every section uses: the section frame, alerts, the spinner, the full-page notice. */

export function Spinner({ label = 'Working…', testId }: { label?: string; testId?: string }) {
  return (
    <span class="spinner" role="status" data-testid={testId}>
      <span class="spinner-ring" aria-hidden="true" />
      <span class="visually-hidden">{label}</span>
    </span>
  );
}

export type SectionState = 'open' | 'done' | 'upcoming';

export function Section({
  id,
  n,
  title,
  state,
  busy,
  onChange,
  changeLabel,
  children,
}: {
  id: string;
  n: number;
  title: string;
  state: SectionState;
  busy: boolean;
  /** Shown on a done section: opens it again. */
  onChange?: () => void;
  changeLabel?: string;
  children?: ComponentChildren;
}) {
  const headingId = `kco-${id}-title`;
  return (
    <section
      class={`section is-${state}`}
      aria-labelledby={headingId}
      aria-busy={busy}
      data-testid={`kco-section-${id}`}
      data-state={state}
    >
      <header class="section-head">
        <span class="step-no" aria-hidden="true">
          {state === 'done' ? '✓' : n}
        </span>
        <h2 id={headingId}>{title}</h2>
        {busy && <Spinner testId="kco-step-busy" />}
        {state === 'done' && onChange && !busy && (
          <button
            type="button"
            class="link-button"
            onClick={onChange}
            aria-label={changeLabel ?? `Change ${title.toLowerCase()}`}
            data-testid={`kco-${id}-change`}
          >
            Change
          </button>
        )}
      </header>
      {children && <div class="section-body">{children}</div>}
    </section>
  );
}

export type Tone = 'info' | 'warn' | 'error' | 'ok';

const TONE_WORDS: Record<Tone, string> = { info: 'Note', warn: 'Note', error: 'Error', ok: 'Done' };

export function Alert({
  tone,
  title,
  children,
  testId,
  role,
  attrs,
}: {
  tone: Tone;
  title?: string;
  children?: ComponentChildren;
  testId?: string;
  role?: 'alert' | 'status' | 'note';
  attrs?: Record<string, string>;
}) {
  return (
    <div
      class={`alert alert-${tone}`}
      role={role ?? (tone === 'error' ? 'alert' : 'note')}
      data-testid={testId}
      {...attrs}
    >
      <span class="alert-icon" aria-hidden="true">
        {tone === 'error' ? '!' : 'i'}
      </span>
      <div class="alert-text">
        {title ? <strong>{title}</strong> : <span class="visually-hidden">{TONE_WORDS[tone]}: </span>}
        {children && <div>{children}</div>}
      </div>
    </div>
  );
}

/** The last step's result when the customer must see it: the merchant's words, the generic error, a denial. */
export function NoticeAlert({ notice }: { notice: CustomerNotice }) {
  const tone: Tone = notice.outcome === 'redirected' ? 'info' : 'error';
  return (
    <Alert
      tone={tone}
      testId="kco-notice"
      attrs={{ 'data-outcome': notice.outcome, 'data-step': notice.step }}
    >
      {notice.text}
    </Alert>
  );
}

export function FullPage({
  title,
  text,
  testId,
  children,
}: {
  title: string;
  text: string;
  testId: string;
  children?: ComponentChildren;
}) {
  return (
    <div class="fullpage" role="alert" data-testid={testId}>
      <div class="fullpage-icon" aria-hidden="true">
        !
      </div>
      <h1>{title}</h1>
      <p>{text}</p>
      {children}
    </div>
  );
}

export function Footer({ orderId }: { orderId: string }) {
  return (
    <footer class="footer">
      <span class="badge" data-testid="kco-badge">
        Checkout Simulator
      </span>
      <span class="footer-id">Order {orderId.slice(0, 8)}</span>
    </footer>
  );
}

/** What every section of the checkout gets: the view, the checkout's actions, and whether it is being changed. */
export interface SectionProps {
  view: CustomerView;
  checkout: Checkout;
  editing: boolean;
  onEdit: () => void;
  onDone: () => void;
}

/**
 * A step's submit button and, while the customer edits the step again from a later one, its Cancel; the
 * test ids are `kco-<step>-submit` and `kco-<step>-cancel`. `children` follow the buttons (a note).
 */
export function StepActions({
  step,
  section: { view, checkout, editing, onDone },
  label,
  children,
}: {
  step: CustomerView['step'];
  /** The props of the section the actions end. */
  section: Omit<SectionProps, 'onEdit'>;
  label: string;
  children?: ComponentChildren;
}) {
  const disabled = checkout.busy !== null;
  return (
    <div class="actions">
      <button type="submit" class="button" disabled={disabled} data-testid={`kco-${step}-submit`}>
        {label}
      </button>
      {editing && view.step !== step && (
        <button
          type="button"
          class="link-button"
          onClick={onDone}
          disabled={disabled}
          data-testid={`kco-${step}-cancel`}
        >
          Cancel
        </button>
      )}
      {children}
    </div>
  );
}
