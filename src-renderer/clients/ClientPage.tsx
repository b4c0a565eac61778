import { useClient } from '../api/queries';
import { formatWhen } from '../format/time';
import { formatRoute } from '../router/routes';
import { QueryStatus } from '../ui/QueryStatus';
import { ClientNameForm } from './ClientNameForm';
import { DeleteClient } from './DeleteClient';
import { ExpressEditor } from './ExpressEditor';
import { OriginsEditor } from './OriginsEditor';
import './clients.css';

/** One elements client: its name, allowed origins, express configuration, and deleting it. */
export function ClientPage({ clientId }: { clientId: string }) {
  const query = useClient(clientId);
  const c = query.data;
  return (
    <div className="page" data-testid="client-page">
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <a href={formatRoute({ name: 'clients' })} data-testid="client-back">
          Clients
        </a>{' '}
        /
      </nav>
      <QueryStatus isPending={query.isPending} error={query.error} what="the client">
        {c === null && (
          <div className="empty" data-testid="client-missing">
            There is no client <code>{clientId}</code>; it may have been deleted.{' '}
            <a href={formatRoute({ name: 'clients' })}>Go to clients</a>
          </div>
        )}
        {c && (
          <>
            <header className="page-header client-header">
              <h1 data-testid="client-title">{c.name}</h1>
              <span className="mono small muted selectable" data-testid="client-id">
                {c.id}
              </span>
              <span className="spacer" />
              <span className="small muted">Updated {formatWhen(c.updated_at)}</span>
            </header>
            <div className="client-sections">
              <div className="client-column">
                <ClientNameForm client={c} />
                <OriginsEditor client={c} />
                <DeleteClient client={c} />
              </div>
              <div className="client-column">
                <ExpressEditor key={c.id} client={c} />
              </div>
            </div>
          </>
        )}
      </QueryStatus>
    </div>
  );
}
