/**
 * The reads: info, health, the list of servers, projects, the watch, and the history.
 */
export { createReads } from './reads';
