/**
 * A tool's effective permission, as Claude Code decides it: a matching deny rule in any settings
 * file wins, then an ask rule, then an allow rule; with none the tool is `default`. The rule named
 * as the one that decides is a managed one when there is one (nothing outside can undo it), else
 * the closest file's: the project's personal file, the team's, then the user's.
 */
import { ruleCovers } from './rules';
import type { McpPermissionRule, PermissionKind, RuleSource, ToolPermission } from './rules';

const DECIDING_ORDER: readonly PermissionKind[] = ['deny', 'ask', 'allow'];
const SOURCE_ORDER: readonly RuleSource[] = ['managed', 'project-local', 'project-shared', 'user'];

export function effectivePermission(
  rules: readonly McpPermissionRule[],
  server: string,
  tool: string,
): ToolPermission {
  const covering = rules.filter((rule) => ruleCovers(rule, { server, tool }));
  for (const kind of DECIDING_ORDER) {
    const deciding = covering
      .filter((rule) => rule.kind === kind)
      .sort((a, b) => SOURCE_ORDER.indexOf(a.source) - SOURCE_ORDER.indexOf(b.source))[0];
    if (deciding !== undefined) {
      return { kind, rule: deciding.rule, file: deciding.file, source: deciding.source };
    }
  }
  return { kind: 'default' };
}
