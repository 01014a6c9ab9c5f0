/**
 * Claude Code's permission rules for MCP tools, as its settings hold them: `mcp__<server>` and
 * `mcp__<server>__*` (every tool of the server) and `mcp__<server>__<tool>`, in `permissions.allow`,
 * `permissions.ask` or `permissions.deny`. Names are written as Claude Code names tools: every
 * character outside `[A-Za-z0-9_-]` becomes `_` (a plugin's `plugin:p:s` is `plugin_p_s`).
 * Checked against the real CLI in test/permissions/permissions-cli.test.ts. Browser-safe (no Node
 * imports): the panel resolves a tool's permission from `mcp.permissions` with the same rules.
 */

/** The lists of `permissions` a rule can stand in. */
export const PERMISSION_KINDS = ['allow', 'ask', 'deny'] as const;
export type PermissionKind = (typeof PERMISSION_KINDS)[number];
/** A tool's effective permission: `default` when no rule matches (Claude Code then asks as it always does). */
export type EffectiveKind = PermissionKind | 'default';

/** The settings files a rule is written to: the user's, the team's (`.claude/settings.json`), the user's for one project. */
export type PermissionFile = 'user' | 'project-shared' | 'project-local';
/** Where a rule was read: the managed settings, which MCP Admin never changes, or a file it writes. */
export type RuleSource = 'managed' | PermissionFile;

/** One MCP rule of one settings file. */
export interface McpPermissionRule {
  rule: string;
  kind: PermissionKind;
  source: RuleSource;
  /** The settings file holding it. */
  file: string;
  /** The server as the rule names it (normalized). */
  server: string;
  /** Absent for a rule on the whole server. */
  tool?: string;
  /**
   * Set when Claude Code ignores the rule: managed settings say `allowManagedPermissionRulesOnly`,
   * so only managed rules apply.
   */
  inert?: true;
}

/** What decides one tool: the winning rule and its file, none for `default`. */
export interface ToolPermission {
  kind: EffectiveKind;
  rule?: string;
  file?: string;
  source?: RuleSource;
}

/** What a rule is about: one tool of a server, or the whole server. */
export interface RuleTarget {
  server: string;
  tool?: string;
}

/** A name as it appears in Claude Code's tool names. */
export function normalizedName(name: string): string {
  return name.replace(/[^a-zA-Z0-9_-]/g, '_');
}

/** The rule that names `target`: `mcp__<server>__<tool>`, or `mcp__<server>` for the whole server. */
export function ruleFor({ server, tool }: RuleTarget): string {
  const serverPart = `mcp__${normalizedName(server)}`;
  return tool === undefined ? serverPart : `${serverPart}__${normalizedName(tool)}`;
}

/**
 * What an MCP rule is about, as Claude Code splits it (the server ends at the first `__`; `*` or
 * nothing after it is every tool); undefined for any other rule (`Bash(...)`, `mcp__s__t(x)`).
 * A server whose name holds `__` is split there too: this is how the rule reads, not which server
 * it covers (see `ruleCovers`).
 */
export function parseMcpRule(rule: string): RuleTarget | undefined {
  if (!rule.startsWith('mcp__') || rule.includes('(')) return undefined;
  const [, server, ...toolParts] = rule.split('__');
  if (server === undefined || server === '') return undefined;
  const tool = toolParts.join('__');
  return tool === '' || tool === '*' ? { server } : { server, tool };
}

/** The rule as it names its target: `mcp__s__*` is `mcp__s`. */
function canonicalRule(rule: string): string {
  return rule.endsWith('__*') ? rule.slice(0, -'__*'.length) : rule;
}

/** Whether two rules name the same thing (`mcp__s` and `mcp__s__*` do). */
export function sameRule(a: string, b: string): boolean {
  return canonicalRule(a) === canonicalRule(b);
}

/**
 * Whether the rule `rule` applies to the tool (or, without one, to every tool of the server)
 * `target`, as Claude Code 2.1.332 matches it against a tool's name `mcp__<server>__<tool>`
 * (checked with the CLI): the name itself; `mcp__<server>` by the server's whole name (`mcp__a__b`
 * covers server `a__b`); a server rule (`mcp__x`, `mcp__x__*`) whose `x` is the name's part before
 * its second `__` (`mcp__a` also covers server `a__b`); and a rule ending in `*` by prefix
 * (`mcp__a__b__*` also covers tool `b__ping` of server `a`).
 */
export function ruleCovers(rule: string, target: RuleTarget): boolean {
  const serverRule = ruleFor({ server: target.server });
  // A whole server is covered by what covers each of its tools whatever their names.
  const name = target.tool === undefined ? `${serverRule}__` : ruleFor(target);
  if (rule === name || rule === serverRule) return true;
  const ruleParts = parseMcpRule(rule);
  if (ruleParts?.tool === undefined && ruleParts?.server === parseMcpRule(name)?.server) return true;
  return rule.endsWith('*') && name.startsWith(rule.slice(0, -1));
}

const DECIDING_ORDER: readonly PermissionKind[] = ['deny', 'ask', 'allow'];
const SOURCE_ORDER: readonly RuleSource[] = ['managed', 'project-local', 'project-shared', 'user'];

/**
 * A tool's effective permission, as Claude Code decides it: a matching deny rule in any settings
 * file wins, then an ask rule, then an allow rule (a managed allow does not stop another file's
 * deny or ask); with none the tool is `default`. Inert rules do not count. The rule named
 * as the one that decides is a managed one when there is one (nothing outside can undo it), else
 * the closest file's: the project's personal file, the team's, then the user's.
 */
export function effectivePermission(
  rules: readonly McpPermissionRule[],
  server: string,
  tool: string,
): ToolPermission {
  const covering = rules.filter((rule) => rule.inert !== true && ruleCovers(rule.rule, { server, tool }));
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
