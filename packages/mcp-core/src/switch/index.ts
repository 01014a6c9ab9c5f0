/**
 * The files behind the lasting on/off switch, below the service that audits and records it:
 * Claude Code's approval lists in a project's `.claude/settings.local.json` (never through a link),
 * and MCP Admin's stash of switched-off user and local servers.
 */
export { approvalListOf, localSettingsPath, setApprovalList } from './approval-lists';
export type { ApprovalList } from './approval-lists';
export { settleStash, stashKeyOf } from './stash-file';
