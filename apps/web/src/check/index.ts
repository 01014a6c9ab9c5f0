/**
 * The check feature's public module: each row's latest check, and the views of checks, each loaded
 * the first time it shows (`./lazy`).
 */
export { CheckAllRun, CheckResultView, ConfirmCheckDialog } from './lazy';
export { CheckRunning } from './CheckRunning';
export { useRowChecks, type RowCheck, type RowChecks } from './row-checks';
