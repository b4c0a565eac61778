type Tone = 'ok' | 'pending' | 'bad' | 'neutral';

/** Picks a colour by meaning, so statuses the console does not know yet still read sensibly. */
export function statusTone(status: string): Tone {
  const s = status.toLowerCase();
  if (s.includes('incomplete') || s.includes('pending') || /^(created|active)$/.test(s)) return 'pending';
  if (/cancel|expire|fail|error|reject|declin/.test(s)) return 'bad';
  if (/complete|authori[sz]ed|captured|success|finali[sz]ed|approved/.test(s)) return 'ok';
  return 'neutral';
}

/** An order's (or an in-person session's) status as a coloured badge. */
export function StatusBadge({ status, testId = 'order-status' }: { status: string; testId?: string }) {
  return (
    <span className={`badge badge-${statusTone(status)}`} data-testid={testId} data-status={status}>
      {status.replace(/_/g, ' ')}
    </span>
  );
}
