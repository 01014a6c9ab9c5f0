/** The core's public API: one folder per concern, each with its own index. */
export * from './schemas';
export * from './errors';
export * from './config';
export * from './cli';
export * from './service';
export * from './check';
export * from './transfer';
export * from './login';
export * from './switch';
export { projectToggleInputSchema } from './schemas/project-toggle';
export type { ProjectToggleInput } from './schemas/project-toggle';
