/**
 * Whether Claude Code 2.1 loads a `.mcp.json` server, from the settings files (it migrates the old
 * approval keys of `.claude.json` into `.claude/settings.local.json` on its next run): a name in any
 * `disabledMcpjsonServers` is rejected; a name in `enabledMcpjsonServers`, or any name under
 * `enableAllProjectMcpServers`, is approved, by the managed and user settings always and by the
 * project's own files only once the folder is trusted (`projects[<key>].hasTrustDialogAccepted`).
 */
import type { McpSettings, SettingsSource } from './settings';
import type { Approval } from './types';

export interface ProjectTrust {
  trusted: boolean;
  /** `.claude.json`, where the trust is kept. */
  configPath: string;
  /** The key of the project in its `projects`. */
  projectKey: string;
}

export interface ApprovalVerdict {
  approval: Approval;
  /** One sentence naming the file and key that decide it. */
  reason: string;
  /** Pending only because the folder is not trusted: the project's own settings approve it. */
  awaitsTrust?: true;
  /** Rejected: whose settings file lists it in `disabledMcpjsonServers` (the first that does). */
  rejectedBy?: SettingsSource;
}

export function approvalOf(
  name: string,
  settings: readonly McpSettings[],
  trust: ProjectTrust,
): ApprovalVerdict {
  const quoted = JSON.stringify(name);
  const rejecting = settings.find((file) => file.disabledMcpjsonServers.includes(name));
  if (rejecting !== undefined) {
    return {
      approval: 'rejected',
      reason: `${quoted} is in disabledMcpjsonServers of ${rejecting.path}.`,
      rejectedBy: rejecting.source,
    };
  }
  const approvals = settings.flatMap((file) => {
    if (file.enabledMcpjsonServers.includes(name)) return [{ file, key: 'enabledMcpjsonServers' }];
    if (file.enableAllProjectMcpServers) return [{ file, key: 'enableAllProjectMcpServers' }];
    return [];
  });
  const counted = approvals.find(
    ({ file }) => trust.trusted || file.source === 'managed' || file.source === 'user',
  );
  if (counted !== undefined) {
    return {
      approval: 'approved',
      reason:
        counted.key === 'enabledMcpjsonServers'
          ? `${quoted} is in enabledMcpjsonServers of ${counted.file.path}.`
          : `enableAllProjectMcpServers is true in ${counted.file.path}.`,
    };
  }
  const untrusted = approvals[0];
  if (untrusted !== undefined) {
    return {
      approval: 'pending',
      awaitsTrust: true,
      reason:
        `${untrusted.key} of ${untrusted.file.path} approves it, but only once the folder is trusted: ` +
        `projects[${JSON.stringify(trust.projectKey)}].hasTrustDialogAccepted is not true in ${trust.configPath}.`,
    };
  }
  return {
    approval: 'pending',
    reason: `${quoted} is in no enabledMcpjsonServers or disabledMcpjsonServers of the settings files: run claude in the project to approve it.`,
  };
}
