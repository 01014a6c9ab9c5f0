/** The logs feature's public module: a row's `Logs of <name>` dialog (loaded on first use). */
export { RowLogs } from './RowLogs';
