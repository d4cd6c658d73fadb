// First: zod's config must be set before any schema is built or used (see the module).
import './lib/zod-jitless.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App.tsx';
import { createQueryClient, loadWritePath } from './lib/api.ts';
import { startContractsHost } from './lib/client.ts';
import { listenForStaleBuild } from './lib/new-version.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import './styles/global.css';

const queryClient = createQueryClient();
listenForStaleBuild();
registerServiceWorker();
// The contracts' worker starts beside the first render: the registry is built off the main thread.
startContractsHost();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
// The write path (ky) is not needed to show the first screen: it loads just after it.
window.setTimeout(() => void loadWritePath().catch(() => undefined), 0);
