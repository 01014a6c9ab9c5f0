/**
 * What Claude Code 2.1.332 does with each stored entry in a project, in the order it decides
 * (each rule checked with `claude mcp get` in the differential test):
 * 1. `overridden`: a managed-mcp.json exists, so only its servers load.
 * 2. `shadowed`: a closer entry of the same name wins (local > project > user), whatever happens
 *    to the winner later. The closest `.mcp.json` holding the name wins among them, approved or
 *    not; across scopes, a `.mcp.json` entry not approved takes no part, so a user entry of the
 *    same name still loads.
 * 3. `pending` / `rejected`: a `.mcp.json` server not approved.
 * 4. `blocked`: a deny list matches it, or an allow list exists and does not.
 * 5. `disabled-in-project`: turned off with `/mcp` (`projects[<key>].disabledMcpServers`).
 * 6. `active`.
 */
import { approvalOf, type ProjectTrust } from './approvals';
import type { ManagedConfig } from './managed';
import { isAllowed, isDenied, type PolicySubject, type ServerRule } from './policy';
import type { McpSettings, SettingsSource } from './settings';
import type { Approval, ServerScope, ServerStatus } from './types';
import { isRecord } from '../records';
import { expandedTexts } from './missing-env';

/** One stored entry, in precedence order among the others. */
export interface EffectiveEntry {
  name: string;
  scope: ServerScope;
  /** The file it is stored in. */
  source: string;
  entry: unknown;
  /** For a plugin's server: the plugin and the settings file that enables it. */
  plugin?: { id: string; enabledIn: string } | undefined;
}

export interface EffectiveContext {
  /** The settings files that exist, as `readSettingsFiles` orders them. */
  settings: readonly McpSettings[];
  trust: ProjectTrust;
  /** `projects[<key>].disabledMcpServers` of `.claude.json`. */
  disabledInProject: readonly string[];
  managed: ManagedConfig | undefined;
}

export interface StatusVerdict {
  status: ServerStatus;
  statusReason: string;
  shadowedBy?: ServerScope;
  /** For project scope. */
  approval?: Approval;
  /** For project scope: approved by the project's own settings, which count once the folder is trusted. */
  awaitsTrust?: true;
  /** For a rejected project server: whose settings file rejects it. */
  rejectedBy?: SettingsSource;
}

/** Each entry with its verdict, in the given order. */
export function effectiveStatuses(
  entries: readonly EffectiveEntry[],
  context: EffectiveContext,
): [EffectiveEntry, StatusVerdict][] {
  const approvals = entries.map((entry) =>
    entry.scope === 'project' ? approvalOf(entry.name, context.settings, context.trust) : undefined,
  );
  const takesPart = (index: number) =>
    approvals[index] === undefined || approvals[index].approval === 'approved';
  const winnerOver = (entry: EffectiveEntry, index: number) =>
    entries.find(
      (closer, closerIndex) =>
        closerIndex < index &&
        closer.name === entry.name &&
        (takesPart(closerIndex) || (closer.scope === 'project' && entry.scope === 'project')),
    );
  return entries.map((entry, index) => {
    const approval = approvals[index];
    const verdict = statusOf(entry, approval, winnerOver(entry, index), context);
    if (approval === undefined) return [entry, verdict];
    return [
      entry,
      { ...verdict, approval: approval.approval, ...(approval.awaitsTrust && { awaitsTrust: true }) },
    ];
  });
}

function statusOf(
  entry: EffectiveEntry,
  approval: ReturnType<typeof approvalOf> | undefined,
  /** The closer entry of the same name that wins over this one, if any. */
  winner: EffectiveEntry | undefined,
  context: EffectiveContext,
): StatusVerdict {
  const { managed, trust } = context;
  const quoted = JSON.stringify(entry.name);
  if (managed !== undefined && entry.scope !== 'managed') {
    return {
      status: 'overridden',
      statusReason: `${managed.path} exists, so Claude Code loads only the servers in its mcpServers.`,
    };
  }
  if (winner !== undefined) {
    return {
      status: 'shadowed',
      shadowedBy: winner.scope,
      statusReason: `The ${winner.scope}-scope entry of the same name in ${winner.source} wins (local > project > user).`,
    };
  }
  if (approval !== undefined && approval.approval !== 'approved') {
    return {
      status: approval.approval,
      statusReason: approval.reason,
      ...(approval.rejectedBy !== undefined && { rejectedBy: approval.rejectedBy }),
    };
  }
  const blocked = policyBlock(entry, context.settings);
  if (blocked !== undefined) return { status: 'blocked', statusReason: blocked };
  if (context.disabledInProject.includes(entry.name)) {
    return {
      status: 'disabled-in-project',
      statusReason: `${quoted} is in projects[${JSON.stringify(trust.projectKey)}].disabledMcpServers of ${trust.configPath} (turned off with /mcp).`,
    };
  }
  return { status: 'active', statusReason: activeReason(entry, approval?.reason, trust) };
}

function activeReason(
  entry: EffectiveEntry,
  approvalReason: string | undefined,
  trust: ProjectTrust,
): string {
  const quoted = JSON.stringify(entry.name);
  switch (entry.scope) {
    case 'project':
      return approvalReason ?? `${quoted} is in mcpServers of ${entry.source}.`;
    case 'local':
      return `${quoted} is in projects[${JSON.stringify(trust.projectKey)}].mcpServers of ${entry.source}.`;
    case 'plugin':
      return entry.plugin === undefined
        ? `${quoted} comes from a plugin.`
        : `Plugin ${entry.plugin.id} is on in enabledPlugins of ${entry.plugin.enabledIn}.`;
    default:
      return `${quoted} is in mcpServers of ${entry.source}.`;
  }
}

/**
 * Why the deny or allow lists keep the entry out, `undefined` when they do not. Lists in a
 * project's own settings files do not apply to a server the organization provides, and a
 * managed server is allowed without being listed unless it takes `${VAR}`s from the environment.
 */
function policyBlock(entry: EffectiveEntry, settings: readonly McpSettings[]): string | undefined {
  const subject = policySubject(entry);
  const isManaged = entry.scope === 'managed';
  const applying = settings.filter(
    (file) => !isManaged || file.source === 'managed' || file.source === 'user',
  );
  for (const file of applying) {
    const rule = file.deniedMcpServers === undefined ? undefined : isDenied(subject, file.deniedMcpServers);
    if (rule !== undefined) return `deniedMcpServers of ${file.path} has ${JSON.stringify(rule)}.`;
  }
  if (isManaged && !expandedTexts(entry.entry).some((text) => text.includes('${'))) return undefined;
  const managedOnly = settings.some((file) => file.source === 'managed' && file.allowManagedMcpServersOnly);
  const lists = applying.filter(
    (file) => file.allowedMcpServers !== undefined && (!managedOnly || file.source === 'managed'),
  );
  if (lists.length === 0) return undefined;
  const allowed: ServerRule[] = lists.flatMap((file) => file.allowedMcpServers ?? []);
  if (isAllowed(subject, allowed)) return undefined;
  return `allowedMcpServers of ${lists.map((file) => file.path).join(' and ')} does not list it.`;
}

function policySubject({ name, entry }: EffectiveEntry): PolicySubject {
  if (!isRecord(entry)) return { name };
  const { command, args, url } = entry;
  const words = Array.isArray(args) ? args.filter((arg) => typeof arg === 'string') : [];
  return {
    name,
    command: typeof command === 'string' ? [command, ...words] : undefined,
    url: typeof url === 'string' ? url : undefined,
  };
}
