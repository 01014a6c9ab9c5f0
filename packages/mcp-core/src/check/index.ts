/** Connection checks: start or reach a server as Claude Code would and list its tools. */
export { checkServer } from './check-server';
export type { CheckOptions } from './check-server';
export type { CheckAllEvent, CheckResult, CheckStatus } from './types';
