/**
 * The check feature's public module: each row's latest check and the views of checks. A part
 * loaded lazily itself imports the views from `./lazy`, which has no hooks of the first paint.
 */
export { CheckAllRun, CheckResultView, ConfirmCheckDialog } from './lazy';
export { useRowChecks, type RowCheck, type RowChecks } from './row-checks';
