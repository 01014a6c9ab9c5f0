/** The tRPC API: procedures over the MCP Admin service, independent of how it is served. */
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';

import type { AppRouter } from './root';
import { appRouter } from './root';
import { createCallerFactory } from './trpc';

export { appRouter };
export type { AppRouter };
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export const createCaller = createCallerFactory(appRouter);
export { createApiContext, OTHER_ORIGIN_REFUSAL } from './trpc';
export type { ApiContext } from './trpc';
export { refusalBody } from './errors';
export { namesChangingProcedure } from './changing-procedures';
