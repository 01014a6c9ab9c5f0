/** The server package's public entry: the router's types for clients, a caller for tests and scripts. */
export { appRouter, createApiContext, createCaller } from './api';
export type { ApiContext, AppRouter, RouterInputs, RouterOutputs } from './api';
export { startServer } from './http/start-server';
export type { RunningServer, StartServerOptions } from './http/start-server';
