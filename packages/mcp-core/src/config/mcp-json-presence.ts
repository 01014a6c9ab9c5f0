/**
 * Whether each directory's `.mcp.json` was there when the reader last looked, whoever looked: the
 * listing of a project, the read-back after a change, or the checks `listProjects` makes when
 * `.claude.json` changes. The project list answers from here, as fresh as the latest look at each
 * file, without a stat per project on every call.
 */
const presence = new Map<string, boolean>();
let changes = 0;

export function recordMcpJsonPresence(dir: string, exists: boolean): void {
  if (presence.get(dir) === exists) return;
  presence.set(dir, exists);
  changes += 1;
}

/** `undefined` when the directory's `.mcp.json` was never looked at. */
export function mcpJsonPresence(dir: string): boolean | undefined {
  return presence.get(dir);
}

/** Grows whenever a recorded answer changes: an answer built from this record is current while it stays. */
export function mcpJsonPresenceVersion(): number {
  return changes;
}
