import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type Exchange } from '@shared/schemas/exchange.schema';
import { useState } from 'react';
import { useControlApi } from '../api/ControlApiContext';
import { queryKeys, useAppInfo } from '../api/queries';
import { MASK, useUiStore } from '../ui/ui-store';
import { CopyButton } from '../ui/CopyButton';
import { SimDefinedBadge } from '../ui/SimDefinedBadge';
import { curlFor } from './curl';

/** The key of a refused request's credentials as sent, opened by the simulator. */
const sentKey = (id: string) => ['exchanges.sentAuthorization', id] as const;

/**
 * Copy as cURL, with a preview: the request as it was sent. The preview masks credentials unless secrets
 * are revealed; the copied command carries them: the simulator's own (read from app.info when copying)
 * for an accepted request, and for a refused one (a 401) those it sent, which the simulator keeps sealed.
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
  const sealed = exchange.sealed_authorization !== undefined;
  const openSent = () => api.invoke('exchanges.sentAuthorization', { exchangeId: exchange.id });
  const sent = useQuery({ queryKey: sentKey(exchange.id), queryFn: openSent, enabled: sealed && reveal });
  // The recorded `Basic ****` keeps the scheme: the preview shows it with the console's mask.
  const recordedAuth = Object.entries(exchange.request.headers).find(
    ([k]) => k.toLowerCase() === 'authorization',
  );
  const maskedSent = (recordedAuth?.[1] ?? '').replace('****', MASK);
  const preview = curlFor(exchange, {
    apiUrl,
    credentials: { username, password: reveal ? (info.data?.credentials.password ?? MASK) : MASK },
    sentAuthorization: reveal && sent.data ? sent.data.authorization : maskedSent,
  });
  const copyText = async () => {
    const fresh = await client.fetchQuery({
      queryKey: queryKeys.appInfo,
      queryFn: () => api.invoke('app.info', {}),
    });
    const opened = sealed
      ? await client.fetchQuery({ queryKey: sentKey(exchange.id), queryFn: openSent })
      : null;
    return curlFor(exchange, {
      apiUrl: baseOf(fresh.urls),
      credentials: fresh.credentials,
      sentAuthorization: opened?.authorization ?? null,
    }).command;
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
