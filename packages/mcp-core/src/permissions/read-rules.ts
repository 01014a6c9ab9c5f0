/**
 * Every MCP permission rule of the settings files Claude Code reads for a project: the managed
 * `managed-settings.json`, the user's `settings.json`, `.claude/settings.json` and
 * `.claude/settings.local.json` of the project dir, and `.claude/settings.local.json` of its git
 * root (see config/settings.ts).
 * Each file is read as the other settings readers read it: regular files only, size and time
 * capped; one that cannot be read is a problem, its rules missing, as Claude Code goes on without it.
 */
import { readJsonFile, settingsFilesOf } from '../config';
import type { ConfigProblem, SettingsLocations, SettingsSource } from '../config';
import { isRecord } from '../records';
import { PERMISSION_KINDS, parseMcpRule } from '../schemas';
import type { McpPermissionRule, RuleSource } from '../schemas';

const SOURCE_OF: Record<SettingsSource, RuleSource> = {
  managed: 'managed',
  user: 'user',
  project: 'project-shared',
  local: 'project-local',
};

/** The rules, and the managed file that lets only managed rules apply, if one does. */
export interface RuleSet {
  rules: McpPermissionRule[];
  managedRulesOnly?: string;
}

export async function readPermissionRules(
  locations: SettingsLocations,
  problems: ConfigProblem[],
): Promise<McpPermissionRule[]> {
  return (await readRuleSet(locations, problems)).rules;
}

/**
 * Every rule, each other file's marked inert when `allowManagedPermissionRulesOnly` is true in the
 * managed settings (Claude Code then applies only managed rules: checked with the CLI).
 */
export async function readRuleSet(locations: SettingsLocations, problems: ConfigProblem[]): Promise<RuleSet> {
  const files = await settingsFilesOf(locations);
  const read = await Promise.all(
    files.map(async ({ source, path }) => ({ source, path, document: await readJsonFile(path, problems) })),
  );
  const managedOnly = read.find(
    ({ source, document }) =>
      source === 'managed' && isRecord(document) && document.allowManagedPermissionRulesOnly === true,
  );
  const rules = read.flatMap(({ source, path, document }) =>
    rulesOf(document, SOURCE_OF[source], path).map((rule) =>
      managedOnly === undefined || source === 'managed' ? rule : { ...rule, inert: true as const },
    ),
  );
  return managedOnly === undefined ? { rules } : { rules, managedRulesOnly: managedOnly.path };
}

/** The MCP rules of one settings document, in the order of its lists. */
export function rulesOf(document: unknown, source: RuleSource, file: string): McpPermissionRule[] {
  if (!isRecord(document) || !isRecord(document.permissions)) return [];
  const { permissions } = document;
  return PERMISSION_KINDS.flatMap((kind) => {
    const list = permissions[kind];
    if (!Array.isArray(list)) return [];
    return list.flatMap((rule): McpPermissionRule[] => {
      if (typeof rule !== 'string') return [];
      const target = parseMcpRule(rule);
      return target === undefined ? [] : [{ rule, kind, source, file, ...target }];
    });
  });
}
