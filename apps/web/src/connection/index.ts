/** The connection feature's public module: the lost-connection alert and what keeps the panel current. */
export { ConnectionAlert } from './ConnectionAlert';
export { useLiveUpdates } from './use-live-updates';
export { watchedFetch } from './watched-fetch';
export { isUnreachable, useFailureShown } from './unreachable';
