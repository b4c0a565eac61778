import { useState } from 'react';
import { IPP_SESSIONS_LIMIT, useIppDevices, useIppSessions } from '../api/queries';
import { QueryStatus } from '../ui/QueryStatus';
import { AddDeviceForm } from './AddDeviceForm';
import { SessionList } from './SessionList';
import { latestByDevice } from './terminal-screen';
import { TerminalPanel } from './TerminalPanel';
import './terminals.css';
import { OpenFormButton, Page } from '../ui/Page';

/**
 * The in-person side: one simulated payment terminal per registered device, following its sessions live,
 * and every session with its history below.
 */
export function TerminalsPage({ expandSessionId }: { expandSessionId?: string }) {
  const devices = useIppDevices();
  const sessions = useIppSessions();
  const [adding, setAdding] = useState(false);
  const latest = latestByDevice(sessions.data ?? []);

  return (
    <Page
      title="Terminals"
      testId="terminals-page"
      aside={
        <OpenFormButton open={adding} onOpen={() => setAdding(true)} testId="device-add-open">
          Add device
        </OpenFormButton>
      }
    >
      <p className="muted page-intro">
        Each registered device is a terminal. A session started with <code>POST /ipp/v1/sessions</code> (by
        your point of sale, or by <strong>Start a payment</strong> below a terminal, which makes the same call
        as the merchant) appears on its screen; press the keys as the customer would.
      </p>
      {adding && <AddDeviceForm onDone={() => setAdding(false)} />}
      <QueryStatus
        isPending={devices.isPending || sessions.isPending}
        error={devices.error ?? sessions.error}
        what="the devices"
      >
        {devices.data && devices.data.length === 0 && (
          <div className="empty" data-testid="devices-empty">
            No device is registered. Add one to start in-person sessions on it.
          </div>
        )}
        <div className="terminals" data-testid="terminals">
          {devices.data?.map((d) => (
            <TerminalPanel key={d.id} device={d} latest={latest.get(d.id)} />
          ))}
        </div>
        <section className="section" data-testid="sessions-section">
          <h2>Sessions</h2>
          <p className="muted small">
            Newest first (the newest {IPP_SESSIONS_LIMIT} are loaded). Unfold one for its status changes and
            the API calls about it.
          </p>
          <SessionList
            key={expandSessionId}
            sessions={sessions.data ?? []}
            devices={devices.data ?? []}
            expandId={expandSessionId}
          />
        </section>
      </QueryStatus>
    </Page>
  );
}
