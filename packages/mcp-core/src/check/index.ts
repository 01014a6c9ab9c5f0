/** Connection checks: start or reach a server as Claude Code would and list its tools. */
export { isActive, needsConfirmation } from './active';
export { checkEach } from './check-all';
export { loadCheckServer } from './check-server-on-demand';
export type { CheckOptions } from './check-server';
export { confirmationRequired, findCheckTarget, unapprovedProjectServer } from './check-target';
export type { CheckTargetQuery } from './check-target';
export { createConcurrencyLimit } from './concurrency-limit';
export type { ConcurrencyLimit } from './concurrency-limit';
export { createSpawnTurns } from './spawn-turns';
export type { CheckAllEvent, CheckedTool, CheckResult, CheckStatus } from './types';
export { connectTimeoutMs } from './connect-timeout';
export { prepareLaunch } from './launch';
export { redact } from './output-tail';
export {
  CHARS_PER_TOKEN,
  TOKEN_METHOD,
  sessionToolName,
  toolDefinitionTokens,
  totalTokens,
} from './tool-tokens';
export type { ToolDefinition } from './tool-tokens';
