import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createTrpcClient, isClientError, trpc } from './trpc';
import './styles.css';

// zod's probe for `new Function` is reported as a CSP violation on every load (the panel runs only
// its own scripts): its `jitless` setting skips the probe. Set through the config object zod shares
// on globalThis, before the lazily loaded schemas build any schema, without zod in the first load.
Object.assign(globalThis, { __zod_globalConfig: { jitless: true } });

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failureCount, error) => failureCount < 2 && !isClientError(error),
    },
  },
});

const rootElement = document.getElementById('root');
if (rootElement === null) throw new Error('index.html has no #root element');

createRoot(rootElement).render(
  <StrictMode>
    <trpc.Provider client={createTrpcClient()} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <App />
      </QueryClientProvider>
    </trpc.Provider>
  </StrictMode>,
);
