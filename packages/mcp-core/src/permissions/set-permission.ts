/**
 * One permission change: which settings file a choice of `file` means for a project, the refusal
 * under a managed rule (Claude Code lets no other file undo it), and the write of the rule.
 */
import { join } from 'node:path';
import { realProjectDir } from '../config';
import type { SettingsLocations } from '../config';
import { McpCoreError } from '../errors';
import { readRuleSet } from './read-rules';
import { ruleCovers, ruleFor } from '../schemas';
import type { EffectiveKind, PermissionFile, RuleTarget } from '../schemas';
import { plannedRule, restoreRules, rulesOn, writeRule } from './write-rule';
import type { PlacedRule, RuleFile } from './write-rule';

/** What one permission change moved in one file: the rules on its target before and after. */
export interface PermissionMove {
  settingsFile: string;
  file: PermissionFile;
  rule: string;
  from: PlacedRule[];
  to: PlacedRule[];
}

/** The settings file `file` means: the user's `settings.json`, or the project dir's own `.claude/` file. */
export async function ruleFileOf(
  file: PermissionFile,
  { claudeDir, projectPath }: Pick<SettingsLocations, 'claudeDir' | 'projectPath'>,
): Promise<RuleFile> {
  if (file === 'user') return { path: join(claudeDir, 'settings.json'), root: claudeDir, owner: 'user' };
  const root = await realProjectDir(projectPath);
  const name = file === 'project-local' ? 'settings.local.json' : 'settings.json';
  return { path: join(root, '.claude', name), root, owner: 'project' };
}

/** How strict each kind is: Claude Code applies the strictest rule of any file that covers a tool. */
const STRICTNESS: Record<EffectiveKind, number> = { default: 0, allow: 1, ask: 2, deny: 3 };

/**
 * MANAGED_CONFIG when no rule of kind `kind` written elsewhere can take effect on `target`: the
 * managed settings let only their own rules apply (`allowManagedPermissionRulesOnly`), or a
 * managed rule stricter than `kind` covers it (a managed deny decides everything; a managed allow
 * leaves a deny or an ask free, as Claude Code lets those win). Removing a rule (`default`) is
 * refused only under a managed deny.
 */
export async function refuseUnderManagedRule(
  locations: SettingsLocations,
  target: RuleTarget,
  kind: EffectiveKind,
): Promise<void> {
  const { rules, managedRulesOnly } = await readRuleSet(locations, []);
  if (managedRulesOnly !== undefined) {
    throw new McpCoreError(
      'MANAGED_CONFIG',
      `allowManagedPermissionRulesOnly in ${managedRulesOnly} (managed by your organization) lets only managed permission rules apply; a rule on ${ruleFor(target)} in another file would have no effect, so nothing was written.`,
    );
  }
  const floor = kind === 'default' ? STRICTNESS.ask : STRICTNESS[kind];
  const managed = rules.find(
    (rule) => rule.source === 'managed' && ruleCovers(rule.rule, target) && STRICTNESS[rule.kind] > floor,
  );
  if (managed === undefined) return;
  throw new McpCoreError(
    'MANAGED_CONFIG',
    `"${managed.rule}" in permissions.${managed.kind} of ${managed.file} (managed by your organization) decides ${ruleFor(target)}; no other settings file can change that, so nothing was written.`,
  );
}

/** Writes the rule on `target` of kind `kind` (removes it for `default`) into `file`. */
export async function setPermissionRule(
  locations: SettingsLocations,
  target: RuleTarget,
  kind: EffectiveKind,
  file: PermissionFile,
): Promise<PermissionMove> {
  await refuseUnderManagedRule(locations, target, kind);
  const ruleFile = await ruleFileOf(file, locations);
  const rule = ruleFor(target);
  const { before, after } = await writeRule(ruleFile, rule, kind);
  return { settingsFile: ruleFile.path, file, rule, from: before, to: after };
}

/**
 * What `setPermissionRule` would move as the file stands now, nothing written: the rules it would
 * take away in full (`from`), for its intent (history/intents.ts) before the write.
 */
export async function plannedPermissionRule(
  locations: SettingsLocations,
  target: RuleTarget,
  kind: EffectiveKind,
  file: PermissionFile,
): Promise<PermissionMove> {
  const ruleFile = await ruleFileOf(file, locations);
  const rule = ruleFor(target);
  const { before, after } = await plannedRule(ruleFile, rule, kind);
  return { settingsFile: ruleFile.path, file, rule, from: before, to: after };
}

/** The rules on the target of `move` in its file now (the file `move.file` means for the project). */
export async function permissionRulesNow(
  locations: SettingsLocations,
  move: Pick<PermissionMove, 'file' | 'rule'>,
): Promise<{ settingsFile: string; rules: PlacedRule[] }> {
  const ruleFile = await ruleFileOf(move.file, locations);
  return { settingsFile: ruleFile.path, rules: await rulesOn(ruleFile, move.rule) };
}

/**
 * The undo of `move`: its file's rules on the target put back as they were; CHANGED_SINCE when they
 * changed since, or when the project now resolves to another folder.
 */
export async function restorePermissionRules(
  locations: SettingsLocations,
  move: PermissionMove,
): Promise<PermissionMove> {
  const ruleFile = await ruleFileOf(move.file, locations);
  if (ruleFile.path !== move.settingsFile) {
    throw new McpCoreError(
      'CHANGED_SINCE',
      `Cannot undo: the change wrote ${move.settingsFile}, and ${locations.projectPath} now leads to ${ruleFile.path}; nothing was written.`,
    );
  }
  const { before, after } = await restoreRules(ruleFile, move.rule, move.to, move.from);
  return { ...move, settingsFile: ruleFile.path, from: before, to: after };
}
