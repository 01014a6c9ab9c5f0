/** The logs feature's public module: a row's `Logs of <name>` dialog (loaded on first use), and the logs alone. */
export { RowLogs, checkSummary } from './RowLogs';
export { ServerLogs } from './lazy';
