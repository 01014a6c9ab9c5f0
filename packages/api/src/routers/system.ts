import type { TRPCRouterRecord } from '@trpc/server';

import { publicProcedure } from '../trpc';

export const systemRouter = {
  info: publicProcedure.query(({ ctx }) => ctx.admin.info()),
} satisfies TRPCRouterRecord;
