import { useQueryClient } from '@tanstack/react-query';
import { type Exchange } from '@shared/schemas/exchange.schema';
import { useState } from 'react';
import { useControlApi } from '../api/ControlApiContext';
import { queryKeys, useAppInfo } from '../api/queries';
import { MASK, useUiStore } from '../app/ui-store';
import { CopyButton } from '../ui/CopyButton';
import { SimDefinedBadge } from '../ui/SimDefinedBadge';
import { curlFor } from './curl';

/**
 * Copy as cURL, with a preview. The preview masks the password unless secrets are revealed; the copied
 * command carries the real credentials, read from app.info only when copying.
 */
export function CurlCopy({ exchange }: { exchange: Exchange }) {
  const info = useAppInfo();
  const api = useControlApi();
  const client = useQueryClient();
  const reveal = useUiStore((s) => s.revealSecrets);
  const [shown, setShown] = useState(false);
  // An inbound exchange is recorded as a path: on the fake integrator's listener for its own calls.
  const baseOf = (urls: { api: string; integrator: string } | undefined) =>
    (exchange.kind.startsWith('integrator.') ? urls?.integrator : urls?.api) ?? '';
  const apiUrl = baseOf(info.data?.urls);
  const username = info.data?.credentials.username ?? 'merchant';
  const preview = curlFor(exchange, {
    apiUrl,
    credentials: { username, password: reveal ? (info.data?.credentials.password ?? MASK) : MASK },
  });
  const copyText = async () => {
    const fresh = await client.fetchQuery({
      queryKey: queryKeys.appInfo,
      queryFn: () => api.invoke('app.info', {}),
    });
    return curlFor(exchange, { apiUrl: baseOf(fresh.urls), credentials: fresh.credentials }).command;
  };
  return (
    <div className="curl">
      <div className="row-actions">
        <CopyButton text={copyText} testId="exchange-copy-curl" label="Copy as cURL" />
        <button
          type="button"
          className="btn btn-small"
          aria-expanded={shown}
          onClick={() => setShown(!shown)}
          data-testid="exchange-show-curl"
        >
          {shown ? 'Hide cURL' : 'Show cURL'}
        </button>
        {exchange.kind.startsWith('test_helpers.') && <SimDefinedBadge />}
        {preview.omitted.length > 0 && (
          <span className="muted small" data-testid="exchange-curl-omitted">
            Left out (masked in the log): {preview.omitted.join(', ')}
          </span>
        )}
      </div>
      {shown && (
        <pre className="code-block command" data-testid="exchange-curl">
          {preview.command}
        </pre>
      )}
    </div>
  );
}
