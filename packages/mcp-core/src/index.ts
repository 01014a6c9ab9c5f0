export * from './schemas';
export * from './argv';
export * from './errors';
export type * from './types';
