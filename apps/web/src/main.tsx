import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createTrpcClient, trpc } from './trpc';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx (no session, bad project path) will not change by asking again.
      retry: (failureCount, error) => failureCount < 2 && !isClientError(error),
    },
  },
});

function isClientError(error: unknown): boolean {
  const status = (error as { data?: { httpStatus?: number } | null }).data?.httpStatus;
  return status !== undefined && status >= 400 && status < 500;
}

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
