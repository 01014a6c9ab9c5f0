/**
 * The panel drawn on the server, for a signed-in page: the HTML of what the browser's first render
 * draws from the reads the page carries (its default view, the default project's servers), so the
 * rows paint with the page instead of after its script; the browser then hydrates it (main.tsx).
 *
 * Built on its own (`vite build --ssr`, into dist/ssr) and loaded by the server
 * (apps/server/src/http/server-render.ts). Nothing here asks the API: the cache holds the reads,
 * effects never run on the server, and a query without data stays pending, as in the browser.
 */
import { createTRPCQueryUtils } from '@trpc/react-query';
import { observable } from '@trpc/server/observable';
import { prerender } from 'react-dom/static';
import type { AppRouter } from '@mcp-admin/api';
import type { TRPCLink } from '@trpc/client';
import { reusingLastDrawing } from './drawing-reuse';
import { seedFirstReads, type SentFirstReads } from './first-reads';
import { createPanelQueryClient, PanelRoot } from './panel-root';
import { trpc } from './trpc';

/** On the server every call stays pending: the browser asks for what it needs once hydrated. */
const pendingLink: TRPCLink<AppRouter> = () => () => observable(() => undefined);

/**
 * The HTML of the panel's first render from `reads`, every lazily loaded part in it included.
 * `signal` stops it (the server's deadline): whatever it answers then is not used, and the server
 * sends the page for the browser to draw.
 */
export const renderPanel = reusingLastDrawing(drawPanel);

async function drawPanel(reads: SentFirstReads, signal: AbortSignal): Promise<string> {
  const queryClient = createPanelQueryClient();
  const trpcClient = trpc.createClient({ links: [pendingLink] });
  seedFirstReads(createTRPCQueryUtils({ client: trpcClient, queryClient }), reads);
  const { prelude } = await prerender(<PanelRoot trpcClient={trpcClient} queryClient={queryClient} />, {
    signal,
  });
  return new Response(prelude).text();
}
