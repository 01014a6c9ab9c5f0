/**
 * Tool permissions as operations: `mcp.permissions` lists every MCP rule of the project's settings
 * files, `mcp.setPermission` writes one rule as a queued, audited change recorded in the history,
 * and its undo (which undo-change.ts calls) puts that file's rules on the target back exactly as
 * they were. `withPermissions` gives a check's tools their effective permission, read from the same
 * files (check-servers.ts calls it).
 */
import type { CheckResult } from '../../check';
import type { ConfigProblem } from '../../config';
import {
  readPermissionRules,
  readRuleSet,
  refuseUnderManagedRule,
  restorePermissionRules,
  ruleFileOf,
  setPermissionRule,
} from '../../permissions';
import type { PermissionMove } from '../../permissions';
import { effectivePermission, permissionsInputSchema, ruleFor, setPermissionInputSchema } from '../../schemas';
import type { PermissionFile, Scope } from '../../schemas';
import type { MutationResult } from '../engine/change-result';
import type { EngineContext } from '../engine/context';
import type { RecordedChange } from '../history/recorded-change';

import type { ChangeRecord, EntryPlace, Landed, Undoer } from '../history/change-record';
import type { McpAdmin } from '../contract/mcp-admin-types';
import type { ServiceSettings } from '../engine/settings';

type PermissionContext = Pick<EngineContext, 'settings' | 'readers' | 'turns' | 'audit'> & { recordedChange: RecordedChange };

/** The history's scope of a rule's file: the user's, the project's shared file, the project's personal one. */
const SCOPE_OF_FILE: Record<PermissionFile, Scope> = {
  user: 'user',
  'project-shared': 'project',
  'project-local': 'local',
};

const DONE_WORDS = { allow: 'Allowed', ask: 'Set to ask for', deny: 'Denied' } as const;

/**
 * `mcp.permissions` and `mcp.setPermission`, and `undo`, which the undo of a recorded permission
 * change calls inside its queue turn.
 */
export function createPermissions({ settings, readers, turns, audit, recordedChange }: PermissionContext): {
  operations: Pick<McpAdmin, 'permissions' | 'setPermission'>;
  undo: Undoer;
} {
  const { claudeDir, managedDir } = settings;

  const permissions: McpAdmin['permissions'] = async (rawInput) => {
    const input = permissionsInputSchema.parse(rawInput);
    const projectPath = await readers.existingProject(input?.projectPath);
    const problems: ConfigProblem[] = [];
    const ruleSet = await readRuleSet({ claudeDir, managedDir, projectPath }, problems);
    return { projectPath, ...ruleSet, problems };
  };

  const setPermission: McpAdmin['setPermission'] = async (rawInput) => {
    const { server, tool, kind, file, projectPath: asked } = setPermissionInputSchema.parse(rawInput);
    const projectPath = await readers.existingProject(asked);
    const locations = { claudeDir, managedDir, projectPath };
    const target = tool === undefined ? { server } : { server, tool };
    return turns.change(async () => {
      // Refused before anything is recorded, like input that breaks a rule: nothing was tried.
      await refuseUnderManagedRule(locations, target, kind);
      const place = await placeOf(server, file, projectPath);
      return recordedChange({ procedure: 'mcp.setPermission', place }, async (landed) => {
        const move = await audit.failureAudited('mcp.setPermission', () =>
          setPermissionRule(locations, target, kind, file),
        );
        const rule = ruleFor(target);
        const message = landedIn(landed, move)
          ? kind === 'default'
            ? `Removed the rules on ${rule} from ${move.settingsFile}.`
            : `${DONE_WORDS[kind]} ${rule} in ${move.settingsFile}.`
          : `${move.settingsFile} already says that about ${rule}: nothing to change.`;
        return audit.succeeded('mcp.setPermission', message);
      });
    });
  };

  /** Puts the rules a recorded permission change (or its undo) moved back as they were. */
  async function undo(change: ChangeRecord): Promise<MutationResult> {
    const { permission } = change;
    if (permission === undefined) throw new TypeError(`change "${change.id}" moved no permission rule`);
    const projectPath = change.projectPath ?? (await readers.existingProject(undefined));
    const place = await placeOf(change.name, permission.file, projectPath);
    return recordedChange({ procedure: 'mcp.undo', place, undoes: change.id }, async (landed) => {
      const move = await audit.failureAudited('mcp.undo', () =>
        restorePermissionRules({ claudeDir, managedDir, projectPath }, permission),
      );
      landedIn(landed, move);
      return audit.succeeded(
        'mcp.undo',
        `Put back the rules on ${move.rule} in ${move.settingsFile} as they were.`,
      );
    });
  }

  async function placeOf(name: string, file: PermissionFile, projectPath: string): Promise<EntryPlace> {
    const { path } = await ruleFileOf(file, { claudeDir, projectPath });
    return { name, scope: SCOPE_OF_FILE[file], projectPath, source: path };
  }

  return { operations: { permissions, setPermission }, undo };
}

/** `result` with each tool's effective permission in the project (settings files are read cached). */
export async function withPermissions(
  { claudeDir, managedDir }: Pick<ServiceSettings, 'claudeDir' | 'managedDir'>,
  result: CheckResult,
  server: string,
  projectPath: string,
): Promise<CheckResult> {
  if (result.tools === undefined) return result;
  const rules = await readPermissionRules({ claudeDir, managedDir, projectPath }, []);
  const tools = result.tools.map((tool) => ({
    ...tool,
    permission: effectivePermission(rules, server, tool.name),
  }));
  return { ...result, tools };
}

/** Records `move` as what landed when it changed the file; whether it did. */
function landedIn(landed: Landed, move: PermissionMove): boolean {
  const changed = JSON.stringify(move.from) !== JSON.stringify(move.to);
  if (changed) landed.permission = move;
  return changed;
}
