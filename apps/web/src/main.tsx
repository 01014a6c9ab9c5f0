import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createTRPCQueryUtils, httpBatchLink, httpSubscriptionLink, splitLink } from '@trpc/react-query';
import { App } from './App';
import { startFirstReads } from './first-reads';
import { watchedFetch } from './connection';
import { announceLink } from './toast';
import { isClientError, trpc } from './trpc';
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

// Same origin: the session cookie the sign-in URL set goes along with every call, and with the
// EventSource that carries subscriptions. Calls go through `watchedFetch`: changes have a deadline,
// and a server that cannot be reached shows as a lost connection.
function createTrpcClient() {
  return trpc.createClient({
    links: [
      announceLink,
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: httpSubscriptionLink({ url: '/trpc' }),
        false: httpBatchLink({ url: '/trpc', fetch: watchedFetch }),
      }),
    ],
  });
}

const trpcClient = createTrpcClient();
startFirstReads(createTRPCQueryUtils({ client: trpcClient, queryClient }), trpcClient, queryClient);

const rootElement = document.getElementById('root');
if (rootElement === null) throw new Error('index.html has no #root element');

createRoot(rootElement).render(
  <StrictMode>
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <App />
      </QueryClientProvider>
    </trpc.Provider>
  </StrictMode>,
);
