import type { AppRouter, RouterOutputs } from '@mcp-admin/api';
import type { QueryClient } from '@tanstack/react-query';
import type { createTRPCQueryUtils } from '@trpc/react-query';
import type { trpc } from './trpc';

type QueryUtils = ReturnType<typeof createTRPCQueryUtils<AppRouter>>;
type TrpcClient = ReturnType<typeof trpc.createClient>;

/** What the server sends inside the page to a signed-in panel (apps/server/src/http/first-reads.ts). */
export interface SentFirstReads {
  info: RouterOutputs['system']['info'];
  list: RouterOutputs['mcp']['list'];
}

/** The element the server puts them in. */
const SENT_FIRST_READS_ID = 'first-reads';

/**
 * The first reads the page came with, taken out of the page (nothing keeps them in the DOM), or
 * undefined: a page without them (not signed in yet), or one whose block cannot be read.
 */
export function takeSentFirstReads(): SentFirstReads | undefined {
  const element = document.getElementById(SENT_FIRST_READS_ID);
  if (element === null) return undefined;
  element.remove();
  try {
    const sent = JSON.parse(element.textContent) as Partial<SentFirstReads> | null;
    // The list must be the default project's: the one the panel shows first.
    return typeof sent?.info?.defaultProject === 'string' &&
      sent.list?.projectPath === sent.info.defaultProject &&
      Array.isArray(sent.list.servers)
      ? (sent as SentFirstReads)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Puts the reads a page came with in the cache, where `useSystemInfo` and `useServerList` look. */
export function seedFirstReads(utils: QueryUtils, { info, list }: SentFirstReads): void {
  utils.system.info.setData(undefined, info);
  utils.mcp.list.setData({ projectPath: info.defaultProject, reveal: false }, list);
}

/**
 * Puts what the first list needs in the cache before the first render: the reads the page came
 * with when it has them (no round trip before the first row), else asked for as soon as the script runs: the panel info and the default
 * project's servers, in one request (the batch link joins the calls of one tick; the list is asked
 * for without naming the project, which is the default one). Asked in turn, the list would wait a
 * round trip for the info. Left to the components, each read would wait for its component's first
 * render and effects, and the list would queue behind the lazily loaded parts' scripts (a browser
 * opens 6 connections per server). `useSystemInfo` and `useServerList` find both in the cache.
 */
export function startFirstReads(utils: QueryUtils, client: TrpcClient, queryClient: QueryClient): void {
  const sent = takeSentFirstReads();
  if (sent !== undefined) {
    seedFirstReads(utils, sent);
    return;
  }
  const defaultList = client.mcp.list.query({ reveal: false });
  // Its failure is the panel's own query's to show, when it asks again.
  defaultList.catch(() => undefined);
  utils.system.info.fetch().then(
    (info) => {
      const input = { projectPath: info.defaultProject, reveal: false };
      // Its failure, too, is the panel's own query's to show.
      queryClient
        .query({
          queryKey: utils.mcp.list.queryOptions(input).queryKey,
          queryFn: async () => {
            const list = await defaultList.catch(() => undefined);
            return list?.projectPath === info.defaultProject ? list : client.mcp.list.query(input);
          },
        })
        .catch(() => undefined);
    },
    // The panel's own query asks again and shows what went wrong (a 401: the sign-in hint).
    () => undefined,
  );
}
