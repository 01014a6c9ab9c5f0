/**
 * Who turned a `.mcp.json` server off, in plain words. Claude Code reads `disabledMcpjsonServers`
 * from every settings file and a rejection in any of them wins; the panel's switch writes only the
 * personal `.claude/settings.local.json`, so a rejection elsewhere is one it cannot lift (the server
 * refuses with REJECTED_ELSEWHERE). The file is the one the row's reason and that error name.
 */
import type { ServerEntry } from '../trpc';

/** Where the rejection is written: the only one the row's switch can lift is `personal`. */
export type Rejecter = 'personal' | 'team' | 'user' | 'organization';

const REJECTING_FILE = /disabledMcpjsonServers of (.+?\.json)(?=[.,]|$)/;

/** The file named in a reason or error that says "… is in disabledMcpjsonServers of FILE". */
export function rejectingFile(text: string): string | undefined {
  return REJECTING_FILE.exec(text)?.[1];
}

export function rejecterOf(file: string, projectPath: string): Rejecter {
  const project = projectPath.endsWith('/') ? projectPath : `${projectPath}/`;
  if (file === `${project}.claude/settings.local.json`) return 'personal';
  if (file === `${project}.claude/settings.json`) return 'team';
  if (file.endsWith('/managed-settings.json')) return 'organization';
  return 'user';
}

/** A rejected row's rejecter, from its reason; undefined when it is not rejected by a settings file. */
export function rowRejecter(server: ServerEntry, projectPath: string): Rejecter | undefined {
  if (server.status !== 'rejected') return undefined;
  const file = rejectingFile(server.statusReason);
  return file === undefined ? undefined : rejecterOf(file, projectPath);
}

/** Why the switch cannot turn it on, said without config keys. */
export const REJECTION_WORDS: Record<Exclude<Rejecter, 'personal'>, string> = {
  team: "the team's .claude/settings.json turns it off; a personal approval can't override that",
  user: 'your own settings.json turns it off in every project; an approval in this project can’t override that',
  organization: "your organization's managed settings turn it off; no approval can override that",
};
