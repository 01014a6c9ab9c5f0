/**
 * A switched-off user or local server, changed where it is kept: MCP Admin's stash
 * (`.mcp-admin/disabled.json`). Removing it there deletes it for good; editing it edits the stashed
 * entry, which enabling then adds back. No CLI is involved (Claude Code does not know the entry):
 * each change is one atomic write of the stash, read back, and audited. The service's entry changes
 * dispatch here when a place's `source` is the stash, so the history and undo work as for any entry.
 */
import { disabledStashPath, isStashKey, readDisabledStash, updateDisabledStash } from '../../config';
import type { StashKey, StoredEntry } from '../../config';
import { fieldsDifferingAsLoaded } from '../../entry-comparison';
import { McpCoreError } from '../../errors';
import type { Scope } from '../../schemas';
import { stashKeyOf } from '../../switch';
import type { AuditTrail, MutationResult } from '../engine';

/** An entry of the stash, as the service names places. */
export interface StashPlace {
  name: string;
  scope: Scope;
  projectPath: string;
}

export interface StashEntries {
  readonly path: string;
  /** Whether `source` names the stash. */
  holds(source: string | undefined): boolean;
  storedAt(place: StashPlace): Promise<StoredEntry | undefined>;
  /** Drops the entry from the stash for good. */
  remove(procedure: string, place: StashPlace): Promise<MutationResult>;
  /** Puts `to` in the stash in place of `from` (none: a new entry), in one write. */
  put(
    procedure: string,
    from: StashPlace | undefined,
    to: StashPlace & { entry: Record<string, unknown> },
  ): Promise<MutationResult>;
}

export function createStashEntries(configPath: string, audit: AuditTrail): StashEntries {
  const path = disabledStashPath(configPath);

  async function keyOf({ name, scope, projectPath }: StashPlace): Promise<StashKey> {
    if (scope !== 'project') return stashKeyOf(name, scope, projectPath);
    throw new McpCoreError(
      'INVALID_INPUT',
      `source: a project-scope server is switched off in the project's settings, never kept in ${path}`,
    );
  }

  async function storedAt(place: StashPlace): Promise<StoredEntry | undefined> {
    const key = await keyOf(place);
    const found = (await readDisabledStash(path)).find((server) => isStashKey(server, key));
    return found === undefined ? undefined : { scope: place.scope, source: path, entry: found.entry };
  }

  /** One audited write; a write that fails is audited as failed and thrown. */
  async function audited(procedure: string, message: string, write: () => Promise<void>) {
    await audit.failureAudited(procedure, write);
    return audit.succeeded(procedure, message);
  }

  /** The read-back after a write: the stash must now hold exactly what was written. */
  async function confirm(place: StashPlace, entry: Record<string, unknown> | undefined) {
    const now = await storedAt(place);
    const landed =
      entry === undefined
        ? now === undefined
        : now !== undefined && fieldsDifferingAsLoaded(now.entry, entry).length === 0;
    if (!landed) {
      throw new McpCoreError(
        'VERIFY_FAILED',
        `${path} was written, but reading it back does not show the change to "${place.name}".`,
      );
    }
  }

  return {
    path,
    holds: (source) => source === path,
    storedAt,

    async remove(procedure, place) {
      const key = await keyOf(place);
      const message = `Removed the switched-off ${place.scope}-scope server ${place.name} from ${path} for good.`;
      return audited(procedure, message, async () => {
        await updateDisabledStash(path, (stash) => stash.filter((server) => !isStashKey(server, key)));
        await confirm(place, undefined);
      });
    },

    async put(procedure, from, to) {
      const fromKey = from === undefined ? undefined : await keyOf(from);
      const toKey = await keyOf(to);
      const message =
        from === undefined
          ? `Put the switched-off ${to.scope}-scope server ${to.name} back in ${path}.`
          : `Saved the switched-off ${to.scope}-scope server ${to.name} in ${path}; it is added to Claude Code as saved when it is switched on.`;
      return audited(procedure, message, async () => {
        await updateDisabledStash(path, (stash) => {
          const earlier = fromKey === undefined ? undefined : stash.find((s) => isStashKey(s, fromKey));
          const others = stash.filter((server) => server !== earlier && !isStashKey(server, toKey));
          const disabledAt = earlier?.disabledAt ?? new Date().toISOString();
          return [...others, { ...toKey, entry: to.entry, disabledAt }];
        });
        await confirm(to, to.entry);
      });
    },
  };
}
