/** Claude Code's permission rules for MCP tools: read over every settings file, resolved per tool, written one rule at a time. */
export { readPermissionRules } from './read-rules';
export { effectivePermission } from './resolve';
export { PERMISSION_KINDS, ruleFor } from './rules';
export type {
  EffectiveKind,
  McpPermissionRule,
  PermissionFile,
  PermissionKind,
  RuleSource,
  RuleTarget,
  ToolPermission,
} from './rules';
export {
  refuseUnderManagedRule,
  restorePermissionRules,
  ruleFileOf,
  setPermissionRule,
} from './set-permission';
export type { PermissionMove } from './set-permission';
export type { PlacedRule } from './write-rule';
