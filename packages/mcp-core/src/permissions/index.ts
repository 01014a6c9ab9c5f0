/**
 * Claude Code's permission rules for MCP tools: read over every settings file and written one rule
 * at a time. Their grammar and how a tool's permission is resolved are in schemas/permission-rules.ts
 * (shared with the panel).
 */
export { readPermissionRules, readRuleSet } from './read-rules';
export type { RuleSet } from './read-rules';
export {
  permissionRulesNow,
  plannedPermissionRule,
  refuseUnderManagedRule,
  restorePermissionRules,
  ruleFileOf,
  setPermissionRule,
} from './set-permission';
export type { PermissionMove } from './set-permission';
export type { PlacedRule } from './write-rule';
