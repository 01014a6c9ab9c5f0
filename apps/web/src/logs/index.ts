/** The logs feature's public module: a row's `Logs` button (its dialog loads on first use). */
export { RowLogs } from './RowLogs';
