import type { ConfigChange } from '@mcp-admin/core';
import {
  addServerInputSchema,
  listServersInputSchema,
  removeServerInputSchema,
  watchInputSchema,
} from '@mcp-admin/core/schemas';
import type { TRPCRouterRecord } from '@trpc/server';
import { tracked } from '@trpc/server';

import { publicProcedure } from '../trpc';

export const mcpRouter = {
  projects: publicProcedure.query(({ ctx }) => ctx.admin.projects()),
  list: publicProcedure.input(listServersInputSchema).query(({ ctx, input }) => ctx.admin.list(input)),
  add: publicProcedure.input(addServerInputSchema).mutation(({ ctx, input }) => ctx.admin.add(input)),
  remove: publicProcedure
    .input(removeServerInputSchema)
    .mutation(({ ctx, input }) => ctx.admin.remove(input)),
  // Ends when the client goes away or the server closes.
  events: publicProcedure.input(watchInputSchema).subscription(async ({ ctx, input, signal }) => {
    const until = signal === undefined ? ctx.closing : AbortSignal.any([signal, ctx.closing]);
    return trackedChanges(await ctx.admin.watch(input, until));
  }),
} satisfies TRPCRouterRecord;

/** Each change with its version as the event id: a reconnecting client sends it back as `lastEventId`. */
async function* trackedChanges(changes: AsyncIterable<ConfigChange>) {
  for await (const { version, ...change } of changes) yield tracked(version, change);
}
