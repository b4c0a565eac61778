// First: configures zod before any schema is defined (see the module).
import './zod-config';
// The shared styles come before any component (and the feature styles each page imports).
import './styles/base.css';
import './styles/components.css';
import './styles/forms.css';
import './styles/layout.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { isTransient } from './api/control-api';
import { createControlApi } from './api/create-control-api';
import { ControlApiProvider } from './api/ControlApiContext';
import { App } from './app/App';
import { SimulatorDownProvider } from './app/SimulatorDownProvider';

const queryClient = new QueryClient({
  defaultOptions: {
    // Events keep the data fresh; focus refetches are a safety net, not the mechanism.
    queries: { staleTime: 30_000, retry: (failures, err) => failures < 2 && isTransient(err) },
  },
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ControlApiProvider api={createControlApi()}>
        <SimulatorDownProvider>
          <App />
        </SimulatorDownProvider>
      </ControlApiProvider>
    </QueryClientProvider>
  </StrictMode>,
);
