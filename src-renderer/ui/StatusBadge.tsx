type Tone = 'ok' | 'pending' | 'bad' | 'neutral';

/** Picks a colour by meaning, so statuses the console does not know yet still read sensibly. */
export function statusTone(status: string): Tone {
  const s = status.toLowerCase();
  if (s.includes('incomplete') || s.includes('pending')) return 'pending';
  if (/cancel|expire|fail|error|reject/.test(s)) return 'bad';
  if (/complete|authori[sz]ed|captured|success/.test(s)) return 'ok';
  return 'neutral';
}

/** An order status as a coloured badge. */
export function StatusBadge({ status, testId = 'order-status' }: { status: string; testId?: string }) {
  return (
    <span className={`badge badge-${statusTone(status)}`} data-testid={testId} data-status={status}>
      {status.replace(/_/g, ' ')}
    </span>
  );
}
