/**
 * Tool permissions as operations: `mcp.permissions` lists every MCP rule of the project's settings
 * files, `mcp.setPermission` writes one rule as a queued, audited change recorded in the history,
 * and its undo (registered for `mcp.undo`, history/undo.ts) puts that file's rules on the target back exactly as
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
import {
  effectivePermission,
  permissionsInputSchema,
  ruleFor,
  setPermissionInputSchema,
} from '../../schemas';
import type { PermissionFile, Scope } from '../../schemas';
import type { EngineContext, MutationResult, ServiceSettings } from '../engine';
import type { EntryPlace, MovesOf, RecordedChange, RecordOf, UndoRegistry } from '../history';

import type { McpAdmin } from '../contract';

type PermissionContext = Pick<EngineContext, 'settings' | 'readers' | 'turns' | 'audit'> & {
  recordedChange: RecordedChange;
  undoers: UndoRegistry;
};

/** The history's scope of a rule's file: the user's, the project's shared file, the project's personal one. */
const SCOPE_OF_FILE: Record<PermissionFile, Scope> = {
  user: 'user',
  'project-shared': 'project',
  'project-local': 'local',
};

const DONE_WORDS = { allow: 'Allowed', ask: 'Set to ask for', deny: 'Denied' } as const;

/**
 * `mcp.permissions` and `mcp.setPermission`; registers the undo of a permission change (the rules
 * put back as they were).
 */
export function createPermissions({
  settings,
  readers,
  turns,
  audit,
  recordedChange,
  undoers,
}: PermissionContext): Pick<McpAdmin, 'permissions' | 'setPermission'> {
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
      return recordedChange({ kind: 'permission', procedure: 'mcp.setPermission', place }, async () => {
        const move = await audit.failureAudited('mcp.setPermission', () =>
          setPermissionRule(locations, target, kind, file),
        );
        const rule = ruleFor(target);
        const moves = permissionMoves(move);
        const message =
          moves.permission !== undefined
            ? kind === 'default'
              ? `Removed the rules on ${rule} from ${move.settingsFile}.`
              : `${DONE_WORDS[kind]} ${rule} in ${move.settingsFile}.`
            : `${move.settingsFile} already says that about ${rule}: nothing to change.`;
        return { result: await audit.succeeded('mcp.setPermission', message), moves };
      });
    });
  };

  /** Puts the rules a recorded permission change (or its undo) moved back as they were. */
  async function undo(change: RecordOf<'permission'>): Promise<MutationResult> {
    const { permission } = change;
    if (permission === undefined) throw new TypeError(`change "${change.id}" moved no permission rule`);
    const projectPath = change.projectPath ?? (await readers.existingProject(undefined));
    const place = await placeOf(change.name, permission.file, projectPath);
    const subject = { kind: 'permission', procedure: 'mcp.undo', place, undoes: change.id } as const;
    return recordedChange(subject, async () => {
      const move = await audit.failureAudited('mcp.undo', () =>
        restorePermissionRules({ claudeDir, managedDir, projectPath }, permission),
      );
      const result = await audit.succeeded(
        'mcp.undo',
        `Put back the rules on ${move.rule} in ${move.settingsFile} as they were.`,
      );
      return { result, moves: permissionMoves(move) };
    });
  }

  async function placeOf(name: string, file: PermissionFile, projectPath: string): Promise<EntryPlace> {
    const { path } = await ruleFileOf(file, { claudeDir, projectPath });
    return { name, scope: SCOPE_OF_FILE[file], projectPath, source: path };
  }

  undoers.register('permission', undo);

  return { permissions, setPermission };
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

/** What landed of a rule change: `move`, when it changed the file. */
function permissionMoves(move: PermissionMove): MovesOf<'permission'> {
  return JSON.stringify(move.from) !== JSON.stringify(move.to) ? { permission: move } : {};
}
