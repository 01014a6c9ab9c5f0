import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { App } from './App';
import { isClientError, trpc } from './trpc';

type TrpcClient = ReturnType<typeof trpc.createClient>;

/** The panel's query cache: a 4xx (no session, a path that is not a directory) is not asked again. */
export function createPanelQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => failureCount < 2 && !isClientError(error),
      },
    },
  });
}

/**
 * The whole panel with its API client and cache: the same tree in the browser and on the server
 * (entry-server.tsx), so the page the server rendered is hydrated, not drawn again.
 */
export function PanelRoot({ trpcClient, queryClient }: { trpcClient: TrpcClient; queryClient: QueryClient }) {
  return (
    <StrictMode>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <App />
        </QueryClientProvider>
      </trpc.Provider>
    </StrictMode>
  );
}
