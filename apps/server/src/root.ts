import { mcpRouter } from './router/mcp';
import { systemRouter } from './router/system';
import { createTRPCRouter } from './trpc';

export const appRouter = createTRPCRouter({
  system: systemRouter,
  mcp: mcpRouter,
});

export type AppRouter = typeof appRouter;
