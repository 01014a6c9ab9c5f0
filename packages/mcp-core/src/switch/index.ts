/** The lasting on/off switch: MCP Admin's stash for user and local scope, Claude Code's approvals for project scope. */
export { createSwitchOperations } from './switch-operations';
export type {
  SwitchChange,
  SwitchOperations,
  SwitchOutcome,
  SwitchResult,
  SwitchTarget,
} from './switch-operations';
export { createStashEntries } from './stash-entries';
export type { StashEntries } from './stash-entries';
