import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useControlApi } from '../api/ControlApiContext';
import { useAppInfo } from '../api/queries';
import { downloadText } from '../ui/download';
import { CopyButton } from '../ui/CopyButton';
import { ErrorSummary } from '../form/ErrorSummary';
import { toFormErrors } from '../form/problems';
import { SimDefinedBadge } from '../ui/SimDefinedBadge';
import { runCommand, SCENARIO_FILE_TYPE, scenarioSummary, yamlLines } from './scenario-file';
import './save-scenario.css';

/**
 * "Save as scenario": what the simulator recorded about this order (the order as the merchant created it, the
 * customer's steps, clock moves, faults, expectations read from what happened) as a scenario file, previewed
 * before it is downloaded. Read afresh at each press, so a session that went on since is saved as it is now.
 */
export function SaveAsScenario({
  orderId,
  small = false,
  what = 'order',
}: {
  orderId: string;
  small?: boolean;
  /** What is saved, as the button's tooltip names it: an order, or an in-person session. */
  what?: 'order' | 'session';
}) {
  const api = useControlApi();
  const [open, setOpen] = useState(false);
  const saved = useMutation({ mutationFn: () => api.invoke('scenarios.export', { orderId }) });
  return (
    <>
      <button
        type="button"
        className={small ? 'btn btn-small' : 'btn'}
        title={`This ${what}’s journey as a scenario file for checkout-sim run: preview, then download`}
        onClick={() => {
          setOpen(true);
          saved.mutate();
        }}
        data-testid="order-save-scenario"
      >
        Save as scenario
      </button>
      {open && (
        <ScenarioPreview
          pending={saved.isPending}
          error={saved.error}
          file={saved.data}
          onClose={() => {
            setOpen(false);
            saved.reset();
          }}
        />
      )}
    </>
  );
}

/** The preview: a modal dialog with the file's name, its text and what to do with it. */
function ScenarioPreview({
  pending,
  error,
  file,
  onClose,
}: {
  pending: boolean;
  error: unknown;
  file: { file_name: string; yaml: string } | undefined;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const app = useAppInfo();
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);
  const errors = toFormErrors(error);
  return (
    <dialog
      ref={dialog}
      className="dialog scenario-preview"
      aria-labelledby="scenario-preview-title"
      aria-busy={pending}
      // Esc closes a modal dialog by itself; a click on the backdrop (the dialog element, outside its box) too.
      onClose={onClose}
      onClick={(e) => {
        if (e.target === e.currentTarget) dialog.current?.close();
      }}
      data-testid="scenario-preview"
    >
      <div className="dialog-box">
        <header className="dialog-header">
          <h2 id="scenario-preview-title">Save as scenario</h2>
          <SimDefinedBadge />
          <span className="spacer" />
          <button
            type="button"
            className="btn btn-small"
            aria-label="Close"
            onClick={() => dialog.current?.close()}
            data-testid="scenario-preview-close"
          >
            ✕
          </button>
        </header>
        {pending && (
          <p className="muted" role="status">
            Reading what the simulator recorded about this order…
          </p>
        )}
        <ErrorSummary errors={errors} testId="scenario-export-error" />
        {file && (
          <>
            <div className="scenario-file-head">
              <span className="mono selectable" data-testid="scenario-preview-file-name">
                {file.file_name}
              </span>
              <span className="muted small" data-testid="scenario-preview-summary">
                {scenarioSummary(file.yaml)}
              </span>
              <span className="spacer" />
              <CopyButton text={file.yaml} testId="scenario-copy" />
            </div>
            <pre
              className="code-block scenario-yaml"
              // Scrollable: the keyboard reaches it to scroll.
              tabIndex={0}
              aria-label={`${file.file_name}, the scenario file`}
              data-testid="scenario-preview-yaml"
            >
              {yamlLines(file.yaml).map((l, i) => (
                <span key={i} className="yaml-line">
                  {l.code}
                  {l.comment && <span className="yaml-comment">{l.comment}</span>}
                  {'\n'}
                </span>
              ))}
            </pre>
            <p className="muted small scenario-run-hint">
              Run it in CI or a terminal:{' '}
              <code className="selectable" data-testid="scenario-run-command">
                {runCommand(file.file_name, app.data?.urls.api)}
              </code>
            </p>
          </>
        )}
        <div className="row-actions dialog-actions">
          <button
            type="button"
            className="btn btn-primary"
            disabled={!file}
            onClick={() => file && downloadText(file.file_name, SCENARIO_FILE_TYPE, file.yaml)}
            data-testid="scenario-download"
          >
            Download
          </button>
          <span className="spacer" />
          <button type="button" className="btn" onClick={() => dialog.current?.close()}>
            Close
          </button>
        </div>
      </div>
    </dialog>
  );
}
