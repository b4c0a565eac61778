import { useState } from 'react';
import { useClients } from '../api/queries';
import { QueryStatus } from '../ui/QueryStatus';
import { ClientList } from './ClientList';
import { CreateClientForm } from './CreateClientForm';
import './clients.css';
import { OpenFormButton, Page } from '../ui/Page';

/** Embedded-elements clients of the merchant the console acts as: the list and a form for a new one. */
export function ClientsPage() {
  const clients = useClients();
  const [creating, setCreating] = useState(false);
  return (
    <Page
      title="Clients"
      testId="clients-page"
      aside={
        <OpenFormButton open={creating} onOpen={() => setCreating(true)} primary testId="client-new">
          New client
        </OpenFormButton>
      }
    >
      <p className="muted page-intro">
        Clients of <code>/elements/v1/clients</code>: each has the origins allowed to embed it and, per
        placement, an express configuration. Changes made here and through the API are the same state.
      </p>
      {creating && <CreateClientForm onCancel={() => setCreating(false)} />}
      <QueryStatus isPending={clients.isPending} error={clients.error} what="the clients">
        {clients.data && <ClientList clients={clients.data} />}
      </QueryStatus>
    </Page>
  );
}
