/**
 * Tool permissions as operations: `mcp.permissions` lists every MCP rule of the project's settings
 * files, `mcp.setPermission` writes one rule as a queued, audited change recorded in the history,
 * and its undo (registered for `mcp.undo`, history/undo.ts) puts that file's rules on the target back exactly as
 * they were. A write that takes a rule away is durable as an intent first (every rule it takes,
 * history/intents.ts), and one cut off is settled at start by the rules the file holds then.
 * `withPermissions` gives a check's tools their effective permission, read from the same files
 * (check-servers.ts calls it).
 */
import type { CheckResult } from '../../check';
import type { ConfigProblem } from '../../config';
import {
  permissionRulesNow,
  plannedPermissionRule,
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
import { describedChange, plannedChange, runPlannedChange } from '../engine';
import type { EngineContext, MutationResult, ServiceSettings } from '../engine';
import type {
  EntryPlace,
  MovesOf,
  RecordedChange,
  RecordOf,
  Recovery,
  Settled,
  UndoRegistry,
} from '../history';

import type { McpAdmin } from '../contract';

type PermissionContext = Pick<EngineContext, 'settings' | 'readers' | 'turns' | 'audit'> & {
  recordedChange: RecordedChange;
  undoers: UndoRegistry;
  /** Where a permission change cut off is settled at start. */
  recovery: Recovery;
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
  recovery,
}: PermissionContext): Pick<McpAdmin, 'permissions' | 'setPermission'> {
  const { claudeDir, managedDir } = settings;

  const permissions: McpAdmin['permissions'] = async (rawInput) => {
    const input = permissionsInputSchema.parse(rawInput);
    const projectPath = await readers.existingProject(input?.projectPath);
    const problems: ConfigProblem[] = [];
    const ruleSet = await readRuleSet({ claudeDir, managedDir, projectPath }, problems);
    return { projectPath, ...ruleSet, problems };
  };

  const setPermission: McpAdmin['setPermission'] = describedChange(
    { turns, readers },
    {
      input: setPermissionInputSchema,
      project: (input, existingProject) => existingProject(input.projectPath),
      change: ({ server, tool, kind, file }, projectPath) => {
        const locations = { claudeDir, managedDir, projectPath };
        const target = tool === undefined ? { server } : { server, tool };
        return plannedChange({
          record: recordedChange<'permission'>,
          plan: async () => {
            // Refused before anything is recorded, like input that breaks a rule: nothing was tried.
            await refuseUnderManagedRule(locations, target, kind);
            const place = await placeOf(server, file, projectPath);
            // What it takes away, durable before the write; an unreadable file fails the write itself, recorded.
            const planned = await plannedPermissionRule(locations, target, kind, file).catch(() => undefined);
            const plan = takesRulesAway(planned) ? { permission: planned } : undefined;
            return { subject: { kind: 'permission', procedure: 'mcp.setPermission', place, plan } as const };
          },
          // The rule written; undone by putting that file's rules on the target back as they were.
          steps: async () => {
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
            return { ok: true, result: await audit.succeeded('mcp.setPermission', message), moves };
          },
        });
      },
    },
  );

  /** Puts the rules a recorded permission change (or its undo) moved back as they were. */
  async function undo(change: RecordOf<'permission'>): Promise<MutationResult> {
    const { permission } = change;
    if (permission === undefined) throw new TypeError(`change "${change.id}" moved no permission rule`);
    const projectPath = change.projectPath ?? (await readers.existingProject(undefined));
    return runPlannedChange(
      plannedChange({
        record: recordedChange<'permission'>,
        plan: async () => {
          const place = await placeOf(change.name, permission.file, projectPath);
          // The undo takes away the rules the change left: durable first, like the change.
          const back = { ...permission, from: permission.to, to: permission.from };
          const plan = takesRulesAway(back) ? { permission: back } : undefined;
          return {
            subject: { kind: 'permission', procedure: 'mcp.undo', place, undoes: change.id, plan } as const,
          };
        },
        // The file's rules on the target put back as they were.
        steps: async () => {
          const move = await audit.failureAudited('mcp.undo', () =>
            restorePermissionRules({ claudeDir, managedDir, projectPath }, permission),
          );
          const result = await audit.succeeded(
            'mcp.undo',
            `Put back the rules on ${move.rule} in ${move.settingsFile} as they were.`,
          );
          return { ok: true, result, moves: permissionMoves(move) };
        },
      }),
    );
  }

  async function placeOf(name: string, file: PermissionFile, projectPath: string): Promise<EntryPlace> {
    const { path } = await ruleFileOf(file, { claudeDir, projectPath });
    return { name, scope: SCOPE_OF_FILE[file], projectPath, source: path };
  }

  /**
   * A permission change cut off (its intent left): the rules on its target now decide. As they
   * were before it, nothing changed; otherwise it landed, and its undo puts back the rules it took.
   */
  async function settleInterrupted(planned: RecordOf<'permission'>): Promise<Settled<'permission'>> {
    const { permission } = planned;
    if (permission === undefined) throw new TypeError(`change "${planned.id}" planned no permission rule`);
    const projectPath = planned.projectPath ?? settings.defaultProject;
    const now = await permissionRulesNow({ claudeDir, managedDir, projectPath }, permission);
    if (sameRules(now.rules, permission.from)) {
      return {
        interrupted: 'nothing changed',
        moves: {},
        message: `The rules on ${permission.rule} in ${now.settingsFile} are as they were before it: nothing changed.`,
      };
    }
    return {
      interrupted: 'completed',
      moves: { permission: { ...permission, settingsFile: now.settingsFile, to: now.rules } },
      message: `The rules on ${permission.rule} in ${now.settingsFile} were changed; undo this change to put back what stood there.`,
    };
  }

  undoers.register('permission', undo);
  recovery.register('permission', settleInterrupted);

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

/** Whether a planned rule change takes a rule away: some rule stands on its target and the change moves it. */
function takesRulesAway(move: PermissionMove | undefined): move is PermissionMove {
  return move !== undefined && move.from.length > 0 && !sameRules(move.from, move.to);
}

/** The same rules in the same lists and order, wherever other rules moved them. */
function sameRules(a: PermissionMove['from'], b: PermissionMove['from']): boolean {
  const rules = (placed: PermissionMove['from']) => placed.map(({ kind, rule }) => `${kind} ${rule}`);
  return JSON.stringify(rules(a)) === JSON.stringify(rules(b));
}

/** What landed of a rule change: `move`, when it changed the file. */
function permissionMoves(move: PermissionMove): MovesOf<'permission'> {
  return JSON.stringify(move.from) !== JSON.stringify(move.to) ? { permission: move } : {};
}
