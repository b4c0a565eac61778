import { countOf } from '@shared/format/plural';
import { type Client } from '@shared/schemas/elements.schema';
import { useState } from 'react';
import { formatWhen } from '../format/time';
import { formatRoute } from '../router/routes';
import { pageOf } from './origin-edit';
import { DataTable } from '../ui/DataTable';

/** How many clients one page of the list shows. */
export const CLIENTS_PAGE_SIZE = 20;

/** The clients, oldest first, a page at a time; a name opens the client's editor. */
export function ClientList({ clients }: { clients: readonly Client[] }) {
  const [page, setPage] = useState(0);
  const shown = pageOf(clients, page, CLIENTS_PAGE_SIZE);
  if (clients.length === 0) {
    return (
      <div className="empty" data-testid="clients-empty">
        No client yet. Create one here, or with <code>POST /elements/v1/clients/</code>.
      </div>
    );
  }
  return (
    <>
      <DataTable
        columns={['Name', 'Allowed origins', 'Placements', 'Updated', 'Client id']}
        testId="client-list"
      >
        {shown.items.map((c) => (
          <tr key={c.id} data-testid="client-row" data-client-id={c.id}>
            <td>
              <a href={formatRoute({ name: 'client', clientId: c.id })} data-testid="client-link">
                {c.name}
              </a>
            </td>
            <td className="mono small" data-testid="client-origins">
              {c.allowed_origins.length === 0 ? (
                <span className="muted">none</span>
              ) : (
                c.allowed_origins.join(', ')
              )}
            </td>
            <td className="small">{c.placements.map((p) => p.key).join(', ') || '—'}</td>
            <td className="num-font nowrap small">{formatWhen(c.updated_at)}</td>
            <td className="mono small muted">{c.id}</td>
          </tr>
        ))}
      </DataTable>
      {shown.pages > 1 && (
        <div className="pager" data-testid="client-pager">
          <button
            type="button"
            className="btn btn-small"
            disabled={shown.page === 0}
            onClick={() => setPage(shown.page - 1)}
            data-testid="client-page-prev"
          >
            Previous
          </button>
          <span className="small muted" data-testid="client-page">
            Page {shown.page + 1} of {shown.pages} · {countOf(clients.length, 'client')}
          </span>
          <button
            type="button"
            className="btn btn-small"
            disabled={shown.page >= shown.pages - 1}
            onClick={() => setPage(shown.page + 1)}
            data-testid="client-page-next"
          >
            Next
          </button>
        </div>
      )}
    </>
  );
}
