import { createRoot, hydrateRoot } from 'react-dom/client';
import { createTRPCQueryUtils, httpBatchLink, httpSubscriptionLink, splitLink } from '@trpc/react-query';
import { startFirstReads } from './first-reads';
import { watchedFetch } from './connection';
import { createPanelQueryClient, PanelRoot } from './panel-root';
import { announceLink } from './toast';
import { noteFailedStylesheets } from './ui/failed-stylesheets';
import { trpc } from './trpc';
import { viewInUrl } from './ui/view-url';
import './styles.css';

// zod's probe for `new Function` is reported as a CSP violation on every load (the panel runs only
// its own scripts): its `jitless` setting skips the probe. Set through the config object zod shares
// on globalThis, before the lazily loaded schemas build any schema, without zod in the first load.
Object.assign(globalThis, { __zod_globalConfig: { jitless: true } });

// Before any part of the panel loads its code and stylesheet (./ui/failed-stylesheets.ts says why).
noteFailedStylesheets(document);

const queryClient = createPanelQueryClient();

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

/** The console's words when the page the server drew differs from the browser's first render. */
const HYDRATION_MISMATCH = 'MCP Admin: the page the server drew differs from the panel:';
const REDRAWN = 'MCP Admin: a part of the page the server drew is drawn again by the browser:';

/** React's hydration mismatches: #418 (markup), #425 (text), by code in its production build. */
function isMismatch(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /#(418|425)\b|[Hh]ydration failed|did(n't| not) match/.test(message);
}

const panel = <PanelRoot trpcClient={trpcClient} queryClient={queryClient} />;
// The server draws the default view without a sheet (it never sees the address's fragment): a page
// it drew is hydrated when the address names that view; for any other, the browser draws the panel.
const view = viewInUrl();
if (rootElement.hasChildNodes() && (view === undefined || view === '' || view === 'servers')) {
  hydrateRoot(rootElement, panel, {
    // React draws the part again itself; said on the console, where e2e/support/fixtures.ts looks
    // for a mismatch. A part whose code could not load is drawn again too, and shows its own failure.
    onRecoverableError(error) {
      console.error(isMismatch(error) ? HYDRATION_MISMATCH : REDRAWN, error);
    },
  });
} else {
  rootElement.replaceChildren();
  createRoot(rootElement).render(panel);
}
