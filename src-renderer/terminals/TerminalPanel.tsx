import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type DeviceView } from '@shared/contract/ipp-ops';
import { type Session, type TerminalAction } from '@shared/schemas/ipp.schema';
import { useControlApi } from '../api/ControlApiContext';
import { applySession } from '../api/ipp-cache';
import { queryKeys } from '../api/queries';
import { ConfirmButton } from '../ui/ConfirmButton';
import { ErrorSummary } from '../form/ErrorSummary';
import { toFormErrors } from '../form/problems';
import { StartPayment } from './StartPayment';
import { deriveScreen } from './terminal-screen';
import { useTerminalStore } from './terminal-store';
import { TerminalKeys } from './TerminalKeys';
import { TerminalScreenView } from './TerminalScreen';
import './terminal-device.css';

/** One device drawn as a payment terminal: its screen follows the device's session live. */
export function TerminalPanel({ device, latest }: { device: DeviceView; latest: Session | undefined }) {
  const api = useControlApi();
  const client = useQueryClient();
  const cleared = useTerminalStore((s) => s.cleared[device.id]);
  const clear = useTerminalStore((s) => s.clear);
  const act = useMutation({
    mutationFn: (v: { sessionId: string; action: TerminalAction }) =>
      api.invoke('ipp.terminal.action', { session_id: v.sessionId, action: v.action }),
    onSuccess: (session) => applySession(client, session),
  });
  const screen = deriveScreen({
    openSession: device.open_session,
    latest,
    clearedSessionId: cleared,
    pendingAction: act.isPending ? act.variables.action : undefined,
  });
  const shown = screen.kind === 'idle' ? undefined : screen.session;
  // An error belongs to the session it was about; once the screen moves on it no longer applies.
  const errors = act.variables?.sessionId === shown?.session_id ? toFormErrors(act.error) : null;

  return (
    <article
      className="terminal-unit"
      data-testid={`terminal-${device.id}`}
      data-device-id={device.id}
      data-screen={screen.kind}
      aria-label={`Terminal ${device.name}`}
    >
      <div className="terminal">
        <div className="terminal-head" aria-hidden="true">
          <span className="terminal-brand">SIM·PAY</span>
          <span className="terminal-nfc">)))</span>
        </div>
        <TerminalScreenView
          screen={screen}
          device={device}
          onClear={() => shown && clear(device.id, shown.session_id)}
        />
        <TerminalKeys
          enabled={screen.kind === 'payment'}
          pinAttemptsLeft={screen.kind === 'payment' ? screen.pinAttemptsLeft : undefined}
          onAction={(action) => shown && act.mutate({ sessionId: shown.session_id, action })}
        />
        <div className="terminal-slot" aria-hidden="true" />
      </div>
      <div className="terminal-label">
        <strong data-testid="terminal-name">{device.name}</strong>
        <span className="mono small muted wrap-anywhere" data-testid="terminal-device-id">
          {device.id}
        </span>
      </div>
      <StartPayment deviceId={device.id} busy={device.open_session !== null} />
      {/* Deregisters the device, as the API's DELETE does; refused (and said why) while a session is open. */}
      <ConfirmButton
        label="Remove device"
        question="Deregister it? Its past sessions stay listed."
        confirmLabel="Remove"
        cancelLabel="Keep it"
        testId="terminal-remove"
        small
        run={() => api.invoke('ipp.devices.remove', { device_id: device.id })}
        onSettled={() => void client.invalidateQueries({ queryKey: queryKeys.ippDevices })}
      />
      <ErrorSummary errors={errors} testId="terminal-error" />
    </article>
  );
}
