import { mcpRouter } from './routers/mcp';
import { systemRouter } from './routers/system';
import { createTRPCRouter } from './trpc';

export const appRouter = createTRPCRouter({
  system: systemRouter,
  mcp: mcpRouter,
});

export type AppRouter = typeof appRouter;
