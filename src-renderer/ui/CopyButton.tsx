import { useEffect, useState } from 'react';

/**
 * Copies `text` to the clipboard and says so for a moment. `text` may be a function, for text that must only
 * exist at copy time (a command carrying the real password).
 */
export function CopyButton({
  text,
  testId,
  label = 'Copy',
}: {
  text: string | (() => string | Promise<string>);
  testId: string;
  label?: string;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const t = window.setTimeout(() => setState('idle'), 1500);
    return () => window.clearTimeout(t);
  }, [state]);

  const copy = async () => {
    try {
      const value = typeof text === 'string' ? text : await text();
      // The clipboard API needs a secure context; 127.0.0.1 and the Electron window both are.
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
  };

  return (
    <button type="button" className="btn btn-small" data-testid={testId} onClick={() => void copy()}>
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : label}
    </button>
  );
}
