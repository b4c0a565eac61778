import type { ReactNode } from 'react';
import { useAppInfo } from '../api/queries';
import { CopyButton } from '../ui/CopyButton';
import { QueryStatus } from '../ui/QueryStatus';
import { RevealSecretsButton, Secret } from '../ui/Secret';

/** Where each listener serves its OpenAPI document (src-main/http/openapi), without credentials. */
const OPENAPI_PATH = '/openapi.json';

/**
 * Where the simulator listens and how to authenticate: what a merchant developer needs to point their
 * code here. `live` (the console's live-update status) sits beside the heading.
 */
export function ConnectionInfo({ live }: { live?: ReactNode }) {
  const info = useAppInfo();
  return (
    <section className="connection" aria-labelledby="connection-title" data-testid="connection-info">
      <div className="connection-head">
        <h2 id="connection-title" className="sidebar-heading">
          Connection
        </h2>
        {live}
      </div>
      <QueryStatus isPending={info.isPending} error={info.error} what="connection info">
        {info.data && (
          <dl className="kv">
            <dt>API URL</dt>
            <dd className="kv-value">
              <span className="mono selectable" data-testid="api-url">
                {info.data.urls.api}
              </span>
              <CopyButton text={info.data.urls.api} testId="api-url-copy" />
            </dd>
            <dd className="small">
              <a
                href={`${info.data.urls.api}${OPENAPI_PATH}`}
                target="_blank"
                rel="noreferrer"
                data-testid="openapi-link"
                title="The OpenAPI 3.1 document of these APIs; what only the simulator has (the real service does not) is marked x-sim-defined"
              >
                OpenAPI document
              </a>
              {info.data.urls.shop && (
                <>
                  {' · '}
                  <a
                    href={info.data.urls.shop}
                    target="_blank"
                    rel="noreferrer"
                    data-testid="shop-link"
                    title="The sample shop: the reference integration, with the checkout embedded in its page"
                  >
                    Sample shop
                  </a>
                </>
              )}
            </dd>
            <dt>Integrator URL</dt>
            <dd className="mono selectable" data-testid="integrator-url">
              {info.data.urls.integrator}
            </dd>
            {info.data.tls && (
              <>
                <dt>HTTPS CA</dt>
                <dd
                  className="kv-value"
                  title="Trust this CA in your client: NODE_EXTRA_CA_CERTS, curl --cacert, a JVM truststore"
                >
                  {info.data.tls.caFile ? (
                    <>
                      <span className="mono selectable wrap-anywhere" data-testid="tls-ca-file">
                        {info.data.tls.caFile}
                      </span>
                      <CopyButton text={info.data.tls.caFile} testId="tls-ca-file-copy" />
                    </>
                  ) : (
                    <span data-testid="tls-ca-file">your own certificate (--tls-cert)</span>
                  )}
                </dd>
              </>
            )}
            <dt>Username</dt>
            <dd className="mono selectable" data-testid="credentials-username">
              {info.data.credentials.username}
            </dd>
            <dt>Password</dt>
            <dd className="kv-value">
              <Secret value={info.data.credentials.password} testId="credentials-password" />
              <RevealSecretsButton testId="credentials-reveal" />
            </dd>
            <dt>Data folder</dt>
            <dd className="mono selectable wrap-anywhere" data-testid="data-dir">
              {info.data.dataDir}
            </dd>
            <dt>Version</dt>
            <dd data-testid="app-version">
              {info.data.version} · {info.data.mode}
            </dd>
          </dl>
        )}
      </QueryStatus>
    </section>
  );
}
