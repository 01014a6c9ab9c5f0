/**
 * The switch of a project-scope server: Claude Code's own approval lists in the project's
 * `.claude/settings.local.json` (see switch/approval-lists.ts); the team's `.mcp.json` is never
 * touched. Each write is audited, and the answer says what Claude Code now does with the name.
 */
import { join } from 'node:path';
import {
  approvalOf,
  localProjectKey,
  projectDirChain,
  projectSettings,
  readClaudeConfig,
  readMcpJson,
  readSettingsFiles,
} from '../../config';
import { McpCoreError } from '../../errors';
import { approvalListOf, localSettingsPath, setApprovalList } from '../../switch';
import type { ApprovalList } from '../../switch';
import type { AuditTrail, ServiceSettings } from '../engine';
import type { SwitchLanded, SwitchTarget } from './outcome';

interface ApprovalSwitchContext {
  settings: Pick<ServiceSettings, 'configPath' | 'claudeDir' | 'managedDir'>;
  audit: AuditTrail;
}

/** A change of the approval lists: the name, the project, the file, the list it went to and the one it left. */
interface ApprovalChange {
  name: string;
  projectPath: string;
  settingsFile: string;
  into: ApprovalList | undefined;
  previous: ApprovalList | undefined;
}

export function createApprovalSwitch({ settings, audit }: ApprovalSwitchContext) {
  const { configPath, claudeDir, managedDir } = settings;

  /** The name must be a server of a `.mcp.json` Claude Code reads for the project. */
  async function switchApproval(
    name: string,
    projectPath: string,
    into: ApprovalList,
  ): Promise<SwitchLanded> {
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

  /**
   * Puts the name back in the list it stood in before a switch (`back`, undefined for neither),
   * refused with CHANGED_SINCE unless it still stands in `now`.
   */
  async function restoreApproval(
    { name, projectPath }: SwitchTarget,
    settingsFile: string,
    now: ApprovalList | undefined,
    back: ApprovalList | undefined,
  ): Promise<SwitchLanded> {
    await refuseUnlessStandsIn(name, settingsFile, now);
    const { previous } = await approvalWrite('mcp.undo', { name, projectPath }, settingsFile, back);
    return approvalChanged('mcp.undo', { name, projectPath, settingsFile, into: back, previous });
  }

  /** CHANGED_SINCE unless the name stands in the list `now` of the settings file (undefined: in neither). */
  async function refuseUnlessStandsIn(
    name: string,
    settingsFile: string,
    now: ApprovalList | undefined,
  ): Promise<void> {
    const found = await approvalListOf(settingsFile, name);
    if (found !== now) {
      throw new McpCoreError(
        'CHANGED_SINCE',
        `Cannot undo: "${name}" stands in ${found ?? 'neither approval list'} of ${settingsFile} since, not in ${now ?? 'neither list'}.`,
      );
    }
  }

  /**
   * The approval move a switch of the project server `name` would make as the file stands now,
   * nothing written (`from`: the list it would take the name out of); undefined when it cannot be read.
   */
  async function plannedApproval(
    name: string,
    projectPath: string,
    on: boolean,
  ): Promise<{ settingsFile: string; from: ApprovalList | null; to: ApprovalList } | undefined> {
    try {
      const settingsFile = await localSettingsPath(projectPath);
      const from = (await approvalListOf(settingsFile, name)) ?? null;
      return { settingsFile, from, to: on ? 'enabledMcpjsonServers' : 'disabledMcpjsonServers' };
    } catch {
      // The switch itself fails on it, and is recorded so.
      return undefined;
    }
  }

  /** One write of the approval lists, audited when it fails (also an enable another file overrides). */
  async function approvalWrite(
    procedure: string,
    { name, projectPath }: Pick<SwitchTarget, 'name' | 'projectPath'>,
    settingsFile: string,
    into: ApprovalList | undefined,
  ) {
    return audit.failureAudited(procedure, () =>
      setApprovalList(settingsFile, name, into, { claudeDir, managedDir, projectPath }),
    );
  }

  /** The audited answer to a change of the approval lists, saying what Claude Code now does. */
  async function approvalChanged(procedure: string, change: ApprovalChange): Promise<SwitchLanded> {
    const { name, projectPath, settingsFile, into, previous } = change;
    const where =
      into === undefined
        ? `Took "${name}" out of the approval lists of ${settingsFile}.`
        : `Put "${name}" in ${into} of ${settingsFile}.`;
    const message = `${where} ${await approvalSentence(name, projectPath)}`;
    return {
      ok: true,
      result: await audit.succeeded(procedure, message),
      moves: { scope: 'project', name, settingsFile, list: into, previous },
    };
  }

  /** What Claude Code now does with the name in the project, with the file and key that decide it. */
  async function approvalSentence(name: string, projectPath: string): Promise<string> {
    const [settingsFiles, config, projectKey] = await Promise.all([
      readSettingsFiles({ claudeDir, managedDir, projectPath }, []),
      readClaudeConfig(configPath),
      localProjectKey(projectPath),
    ]);
    const trusted = projectSettings(config.projects.get(projectKey)).hasTrustDialogAccepted;
    const verdict = approvalOf(name, settingsFiles, { trusted, configPath, projectKey });
    switch (verdict.approval) {
      case 'approved':
        return `Claude Code will load it in this project (${verdict.reason})`;
      case 'rejected':
        return `Claude Code will not load it in this project: ${verdict.reason}`;
      case 'pending':
        return `The approval takes effect only once the folder is trusted: ${verdict.reason}`;
    }
  }

  return { switchApproval, restoreApproval, refuseUnlessStandsIn, plannedApproval };
}

export type ApprovalSwitch = ReturnType<typeof createApprovalSwitch>;
