/**
 * Who turned a `.mcp.json` server off, in plain words. Claude Code reads `disabledMcpjsonServers`
 * from every settings file and a rejection in any of them wins; the panel's switch writes only the
 * personal `.claude/settings.local.json`, so a rejection elsewhere is one it cannot lift (the server
 * refuses with REJECTED_ELSEWHERE). The server names that file's kind in each row (`rejectedBy`).
 */
import type { ServerEntry } from '../trpc';

/** Where the rejection is written: the only one the row's switch can lift is `personal`. */
export type Rejecter = 'personal' | 'team' | 'user' | 'organization';

/** The settings file the server says rejects the row (`rejectedBy`), as the person who wrote it. */
const REJECTERS: Record<NonNullable<ServerEntry['rejectedBy']>, Rejecter> = {
  local: 'personal',
  project: 'team',
  user: 'user',
  managed: 'organization',
};

/** A rejected row's rejecter; undefined when no settings file rejects it. */
export function rowRejecter(server: ServerEntry): Rejecter | undefined {
  if (server.status !== 'rejected' || server.rejectedBy === undefined) return undefined;
  return REJECTERS[server.rejectedBy];
}

/** Why the switch cannot turn it on, said without config keys. */
export const REJECTION_WORDS: Record<Exclude<Rejecter, 'personal'>, string> = {
  team: "the team's .claude/settings.json turns it off; a personal approval can't override that",
  user: 'your own settings.json turns it off in every project; an approval in this project can’t override that',
  organization: "your organization's managed settings turn it off; no approval can override that",
};
