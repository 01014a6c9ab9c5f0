/**
 * The lasting on/off switch (docs/api.md#mcpdisable, #mcpenable, #mcpresetchoices) on top of the
 * service's queue, CLI and audit, which the service hands in. Claude Code has no such command:
 * - user and local scope: disable keeps the whole stored entry in MCP Admin's stash, then removes it
 *   with the CLI; enable adds it back with `add-json`, then drops it from the stash. The stash is
 *   always written first, so a crash in between leaves the entry in the stash, in `.claude.json`, or
 *   in both (which `reconcile` settles on start), never in neither.
 * - project scope: Claude Code's own approval lists in the project's `.claude/settings.local.json`;
 *   the team's `.mcp.json` is never touched.
 */
import { join } from 'node:path';
import type { CliCommand } from '../cli/runner';
import { approvalOf } from '../config/approvals';
import { projectSettings, readClaudeConfig, readMcpJson } from '../config/claude-config';
import {
  disabledStashPath,
  readDisabledStash,
  writeDisabledStash,
  type StashedServer,
} from '../config/disabled-stash';
import { localProjectKey, projectDirChain } from '../config/project-key';
import type { StoredEntry } from '../config/server-list';
import { readSettingsFiles } from '../config/settings';
import { McpCoreError } from '../errors';
import { isRecord } from '../records';
import { resetChoicesInputSchema } from '../schemas';
import type { ResetChoicesInput, Scope } from '../schemas';
import { failureOutcome, type AuditOutcome } from '../service/audit-log';
import { differingFields } from '../config/entry-comparison';
import { approvalListOf, localSettingsPath, setApprovalList, type ApprovalList } from './approval-lists';
import { createStashSwitch } from './stash-switch';

export interface SwitchResult {
  ok: true;
  message: string;
  warning?: string;
}

/** What one switch changed, for the caller to record (it holds secrets: never an API answer). */
export type SwitchChange =
  /** user/local: the entry as stored, now in the stash (disable) or back in `.claude.json` (enable). */
  | { scope: 'user' | 'local'; stashed: StashedServer }
  /** project: the settings file whose approval lists changed, the list the name went to and the one it left. */
  | {
      scope: 'project';
      name: string;
      settingsFile: string;
      list: ApprovalList | undefined;
      previous: ApprovalList | undefined;
    };

export interface SwitchOutcome {
  result: SwitchResult;
  change: SwitchChange;
}

/** The server a switch turns on or off, with the project it is switched for (an existing dir). */
export interface SwitchTarget {
  name: string;
  scope: Scope;
  projectPath: string;
}

export interface SwitchOperations {
  /**
   * Turns the server on or off, inside a queue turn the caller holds. With `expected` (an undo), the
   * user/local entry to switch must be exactly that one, else CHANGED_SINCE naming what changed.
   * `landed` is told a user/local switch that landed, also when its CLI call failed after landing.
   */
  switchInTurn(
    target: SwitchTarget,
    on: boolean,
    expected?: Record<string, unknown>,
    landed?: (change: SwitchChange) => void,
  ): Promise<SwitchOutcome>;
  /**
   * project scope, inside a queue turn: puts the name back in the list it stood in before a switch
   * (`back`, undefined for neither), refused with CHANGED_SINCE unless it still stands in `now`.
   */
  restoreApproval(
    target: SwitchTarget,
    settingsFile: string,
    now: ApprovalList | undefined,
    back: ApprovalList | undefined,
  ): Promise<SwitchOutcome>;
  resetChoices(input: ResetChoicesInput): Promise<SwitchResult>;
  /**
   * Settles the stash after a crash, on start: a stashed server that is also stored identically in
   * `.claude.json` (a disable stopped before its remove, or an enable stopped after its add) is
   * dropped from the stash. Returns the dropped ones. Runs in a queue turn of its own.
   */
  reconcile(): Promise<StashedServer[]>;
}

/** What the service lends: its settings, its project check, its queue, its audited CLI call and its audit. */
export interface SwitchDependencies {
  configPath: string;
  claudeDir: string;
  managedDir: string;
  existingProject: (projectPath: string | undefined) => Promise<string>;
  storedIn: (scope: Scope, name: string, projectPath: string) => Promise<StoredEntry | undefined>;
  /** Runs `task` in its own turn of the mutation queue, refused under a managed config. */
  inQueueTurn: <T>(task: () => Promise<T>) => Promise<T>;
  /** A queue turn for MCP Admin's own bookkeeping, which a managed config does not stop. */
  inOwnQueueTurn: <T>(task: () => Promise<T>) => Promise<T>;
  /** One audited CLI call, then `verify`; throws what failed. */
  runChange: (
    procedure: string,
    command: CliCommand,
    cwd: string,
    verify: () => Promise<void>,
  ) => Promise<SwitchResult>;
  /** Audits a change made without the CLI; returns a warning when the log cannot be written. */
  record: (procedure: string, outcome: AuditOutcome) => Promise<string | undefined>;
}

export function createSwitchOperations(deps: SwitchDependencies): SwitchOperations {
  const { configPath, claudeDir, managedDir, existingProject, storedIn, inQueueTurn, runChange } = deps;
  const stashPath = disabledStashPath(configPath);
  const stashSwitch = createStashSwitch({ configPath, storedIn, runChange });

  /** project scope: the name must be a server of a `.mcp.json` Claude Code reads for the project. */
  async function switchApproval(
    name: string,
    projectPath: string,
    into: ApprovalList,
  ): Promise<SwitchOutcome> {
    const procedure = into === 'disabledMcpjsonServers' ? 'mcp.disable' : 'mcp.enable';
    const files = (await projectDirChain(projectPath)).map((dir) => join(dir, '.mcp.json'));
    const holders = await Promise.all(
      files.map(async (file) => (await readMcpJson(file))?.has(name) === true),
    );
    if (!holders.includes(true)) {
      throw new McpCoreError(
        'INVALID_INPUT',
        `name: no project-scope server "${name}" in the .mcp.json files Claude Code reads for ${projectPath}`,
      );
    }
    const settingsFile = await localSettingsPath(projectPath);
    const { previous, changed } = await approvalWrite(procedure, { name, projectPath }, settingsFile, into);
    if (!changed) {
      const state = into === 'disabledMcpjsonServers' ? 'disabled' : 'enabled';
      throw new McpCoreError('INVALID_INPUT', `name: "${name}" is already ${state} in ${settingsFile}`);
    }
    return approvalChanged(procedure, { name, projectPath, settingsFile, into, previous });
  }

  /** One write of the approval lists, audited when it fails (also an enable another file overrides). */
  async function approvalWrite(
    procedure: string,
    { name, projectPath }: Omit<SwitchTarget, 'scope'>,
    settingsFile: string,
    into: ApprovalList | undefined,
  ) {
    try {
      return await setApprovalList(settingsFile, name, into, { claudeDir, managedDir, projectPath });
    } catch (error) {
      await deps.record(procedure, failureOutcome(error));
      throw error;
    }
  }

  /** The audited answer to a change of the approval lists, saying what Claude Code now does. */
  async function approvalChanged(
    procedure: string,
    change: {
      name: string;
      projectPath: string;
      settingsFile: string;
      into: ApprovalList | undefined;
      previous: ApprovalList | undefined;
    },
  ): Promise<SwitchOutcome> {
    const { name, projectPath, settingsFile, into, previous } = change;
    const where =
      into === undefined
        ? `Took "${name}" out of the approval lists of ${settingsFile}.`
        : `Put "${name}" in ${into} of ${settingsFile}.`;
    const message = `${where} ${await approvalSentence(name, projectPath)}`;
    const warning = await deps.record(procedure, { ok: true, message });
    return {
      result: warning === undefined ? { ok: true, message } : { ok: true, message, warning },
      change: { scope: 'project', name, settingsFile, list: into, previous },
    };
  }

  /** What Claude Code now does with the name in the project, with the file and key that decide it. */
  async function approvalSentence(name: string, projectPath: string): Promise<string> {
    const [settings, config, projectKey] = await Promise.all([
      readSettingsFiles({ claudeDir, managedDir, projectPath }, []),
      readClaudeConfig(configPath),
      localProjectKey(projectPath),
    ]);
    const trusted = projectSettings(config.projects.get(projectKey)).hasTrustDialogAccepted;
    const verdict = approvalOf(name, settings, { trusted, configPath, projectKey });
    switch (verdict.approval) {
      case 'approved':
        return `Claude Code will load it in this project (${verdict.reason})`;
      case 'rejected':
        return `Claude Code will not load it in this project: ${verdict.reason}`;
      case 'pending':
        return `The approval takes effect only once the folder is trusted: ${verdict.reason}`;
    }
  }

  return {
    switchInTurn({ name, scope, projectPath }, on, expected, landed = () => undefined) {
      if (scope === 'project') {
        return switchApproval(name, projectPath, on ? 'enabledMcpjsonServers' : 'disabledMcpjsonServers');
      }
      const request = {
        name,
        scope,
        projectPath,
        expected,
        landed: (stashed: StashedServer) => {
          landed({ scope, stashed });
        },
      };
      return on ? stashSwitch.enable(request) : stashSwitch.disable(request);
    },

    async restoreApproval({ name, projectPath }, settingsFile, now, back) {
      const found = await approvalListOf(settingsFile, name);
      if (found !== now) {
        throw new McpCoreError(
          'CHANGED_SINCE',
          `Cannot undo: "${name}" stands in ${found ?? 'neither approval list'} of ${settingsFile} since, not in ${now ?? 'neither list'}.`,
        );
      }
      const { previous } = await approvalWrite('mcp.undo', { name, projectPath }, settingsFile, back);
      return approvalChanged('mcp.undo', { name, projectPath, settingsFile, into: back, previous });
    },

    async resetChoices(rawInput) {
      const input = resetChoicesInputSchema.parse(rawInput);
      const projectPath = await existingProject(input?.projectPath);
      return inQueueTurn(() =>
        runChange('mcp.resetChoices', ['mcp', 'reset-project-choices'], projectPath, async () => {
          const settings = await readSettingsFiles({ claudeDir, managedDir, projectPath }, []);
          const left = settings.filter(
            (file) =>
              file.source === 'local' &&
              (file.enabledMcpjsonServers.length > 0 ||
                file.disabledMcpjsonServers.length > 0 ||
                file.enableAllProjectMcpServers),
          );
          if (left.length > 0) {
            throw new McpCoreError(
              'VERIFY_FAILED',
              `The CLI reported success, but ${left.map((file) => file.path).join(', ')} still holds project approvals.`,
            );
          }
        }),
      );
    },

    reconcile: () =>
      deps.inOwnQueueTurn(async () => {
        const stash = await readDisabledStash(stashPath);
        if (stash.length === 0) return [];
        const config = await readClaudeConfig(configPath);
        const dropped = stash.filter((server) => {
          const servers =
            server.scope === 'user'
              ? config.userServers
              : projectSettings(config.projects.get(server.project)).servers;
          const stored = servers.get(server.name);
          return isRecord(stored) && differingFields(stored, server.entry).length === 0;
        });
        if (dropped.length > 0) {
          await writeDisabledStash(
            stashPath,
            stash.filter((server) => !dropped.includes(server)),
          );
        }
        return dropped;
      }),
  };
}
