import {
  addServerInputSchema,
  listServersInputSchema,
  removeServerInputSchema,
} from '@mcp-admin/core/schemas';
import type { TRPCRouterRecord } from '@trpc/server';

import { publicProcedure } from '../trpc';

export const mcpRouter = {
  projects: publicProcedure.query(({ ctx }) => ctx.admin.projects()),
  list: publicProcedure.input(listServersInputSchema).query(({ ctx, input }) => ctx.admin.list(input)),
  add: publicProcedure.input(addServerInputSchema).mutation(({ ctx, input }) => ctx.admin.add(input)),
  remove: publicProcedure
    .input(removeServerInputSchema)
    .mutation(({ ctx, input }) => ctx.admin.remove(input)),
} satisfies TRPCRouterRecord;
