/** The logs feature's public module: a row's `Logs` button (its dialog loads on first use), and the logs alone. */
export { RowLogs, checkSummary } from './RowLogs';
export { ServerLogs } from './lazy';
