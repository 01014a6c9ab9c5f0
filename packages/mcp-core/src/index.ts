export * from './schemas';
export * from './argv';
export * from './errors';
export type * from './types';
export * from './config-path';
export * from './config-reader';
