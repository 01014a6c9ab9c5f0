/** The server package's public entry: the router's types for clients, a caller for tests and scripts. */
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';

import type { AppRouter } from './root';
import { appRouter } from './root';
import { createCallerFactory } from './trpc';

export type { AppRouter };
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

export { appRouter };
export const createCaller = createCallerFactory(appRouter);
export { createTRPCContext } from './trpc';
export type { TRPCContext } from './trpc';
export { startServer } from './http/start-server';
export type { RunningServer, StartServerOptions } from './http/start-server';
