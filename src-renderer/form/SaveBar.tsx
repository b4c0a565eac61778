import { type ReactNode } from 'react';
import { ErrorSummary } from './ErrorSummary';
import { useFormKit } from './form-kit';
import { type FormErrors } from './problems';
import { type SaveAction, saveState, type SaveState } from './save-state';

/** The form's submit button: its label, another while the save is on its way (and disabled then). */
export function SaveButton({
  action,
  label = 'Save',
  busyLabel = label,
  primary = true,
  disabled = false,
  testId,
}: {
  action: SaveAction;
  label?: string;
  busyLabel?: string;
  primary?: boolean;
  disabled?: boolean;
  testId: string;
}) {
  return (
    <button
      type="submit"
      className={primary ? 'btn btn-primary' : 'btn'}
      disabled={action.isPending || disabled}
      data-testid={testId}
    >
      {action.isPending ? busyLabel : label}
    </button>
  );
}

/** "Saved." once the save is taken, "Unsaved changes" while the fields differ from what is stored. */
export function SaveNote({
  state,
  testId,
  savedTestId,
  small = false,
}: {
  state: SaveState;
  /** The save button's; the note while dirty is `<testId>-dirty`. */
  testId: string;
  savedTestId?: string;
  small?: boolean;
}) {
  const className = small ? 'muted small' : 'muted';
  if (state === 'saved' && savedTestId)
    return (
      <span className={className} role="status" data-testid={savedTestId}>
        Saved.
      </span>
    );
  if (state === 'dirty')
    return (
      <span className={className} data-testid={`${testId}-dirty`}>
        Unsaved changes
      </span>
    );
  return null;
}

/**
 * The foot of a form: the save button, the form's other actions (`children`), the save's state in words,
 * and under them the error summary. `data-state` on the bar says the state (idle, dirty, saving, saved,
 * failed). Inside a kit Form, the errors are the form's.
 */
export function SaveBar({
  action,
  errors,
  dirty = false,
  label,
  busyLabel,
  testId,
  savedTestId,
  errorTestId,
  claims,
  disabled,
  children,
}: {
  action: SaveAction;
  errors?: FormErrors | null;
  dirty?: boolean;
  /** The save cannot be sent now (besides while it is on its way). */
  disabled?: boolean;
  label?: string;
  busyLabel?: string;
  testId: string;
  savedTestId?: string;
  errorTestId: string;
  claims?: (path: string) => boolean;
  children?: ReactNode;
}) {
  const kit = useFormKit();
  const shown = errors === undefined ? (kit?.errors ?? null) : errors;
  const state = saveState(action, shown, dirty);
  return (
    <>
      <div className="form-actions" data-state={state}>
        <SaveButton action={action} label={label} busyLabel={busyLabel} disabled={disabled} testId={testId} />
        {children}
        <SaveNote state={state} testId={testId} savedTestId={savedTestId} />
      </div>
      <ErrorSummary errors={shown} claims={claims} testId={errorTestId} />
    </>
  );
}
