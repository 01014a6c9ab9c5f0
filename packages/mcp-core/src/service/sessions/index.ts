/**
 * The running Claude Code sessions, and which of them a change does not reach.
 */
export { reportSessionsMissing } from './reported-changes';
export { createRunningSessions } from './running-sessions';
