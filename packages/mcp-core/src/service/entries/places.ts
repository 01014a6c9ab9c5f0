/**
 * Where a stored entry is and where the CLI reaches it: the file `add` writes for a scope, the
 * listed entry a row's action names, the place an edit moves it to. A place whose source is MCP
 * Admin's stash is a switched-off server, changed there (see stash-entries.ts).
 */
import { basename, dirname } from 'node:path';
import { localProjectKey, projectDirChain, projectMcpJsonPath } from '../../config';
import type { StoredEntry } from '../../config';
import { McpCoreError } from '../../errors';
import type { Scope, ServerChanges } from '../../schemas';
import type { EntryPlace } from '../history';
import { withinQueuedReadDeadline } from '../engine';
import type { Readers } from '../engine';
import type { StashEntries } from './stash-entries';

export interface EntryPlaceContext {
  configPath: string;
  readers: Pick<Readers, 'storedIn'>;
  /** Where switched-off user and local servers are kept. */
  stash: StashEntries;
}

export function createEntryPlaces({ configPath, readers, stash }: EntryPlaceContext) {
  /** Where `name` of `scope` goes for `projectPath`: the file the CLI writes when run there. */
  async function placeFor(name: string, scope: Scope, projectPath: string): Promise<EntryPlace> {
    const source = scope === 'project' ? await projectMcpJsonPath(projectPath) : configPath;
    return { name, scope, projectPath, source };
  }

  /** The entry stored at `place` now. */
  function storedAt(place: EntryPlace): Promise<StoredEntry | undefined> {
    const { name, scope, projectPath, source } = place;
    if (stash.holds(source)) return withinQueuedReadDeadline(() => stash.storedAt(place));
    return withinQueuedReadDeadline(() =>
      readers.storedIn(scope, name, projectPath, scope === 'project' ? source : undefined),
    );
  }

  /**
   * The place of a listed entry a row's action names. Without `source`, the entry the CLI finds from
   * the project dir. With it, exactly the listed entry: a farther `.mcp.json` is changed by running
   * the CLI in that file's own directory. A source that does not hold the name is refused before any spawn.
   */
  async function listedPlace(
    name: string,
    scope: Scope,
    source: string | undefined,
    projectPath: string,
  ): Promise<EntryPlace> {
    if (source === undefined) return placeFor(name, scope, projectPath);
    if (scope === 'project') {
      const chain = await projectDirChain(projectPath);
      if (basename(source) !== '.mcp.json' || !chain.includes(dirname(source))) {
        throw new McpCoreError(
          'INVALID_INPUT',
          `source "${source}" is not a .mcp.json that Claude Code reads for project "${projectPath}"`,
        );
      }
    } else if (source !== configPath && !stash.holds(source)) {
      throw new McpCoreError(
        'INVALID_INPUT',
        `source "${source}" is not where ${scope}-scope servers are kept (${configPath}, or ${stash.path} while switched off)`,
      );
    }
    const place = { name, scope, projectPath, source };
    if ((await storedAt(place)) === undefined) {
      throw new McpCoreError('INVALID_INPUT', `source "${source}" holds no ${scope}-scope server "${name}"`);
    }
    return place;
  }

  /** Whether two places are one entry: local scope is keyed by the project's git root, like the CLI. */
  async function samePlace(a: EntryPlace, b: EntryPlace): Promise<boolean> {
    if (a.name !== b.name || a.scope !== b.scope || a.source !== b.source) return false;
    if (a.scope !== 'local') return true;
    return (await localProjectKey(a.projectPath)) === (await localProjectKey(b.projectPath));
  }

  /** Where an edit puts the entry: the same file unless it moves to another scope or project. */
  async function editedPlace(
    from: EntryPlace,
    changes: ServerChanges,
    targetProject: string,
  ): Promise<EntryPlace> {
    const name = changes.name ?? from.name;
    const scope = changes.scope ?? from.scope;
    if (stash.holds(from.source)) return stashedEditPlace(from, name, scope, targetProject);
    // Same scope and project: the very file the row was listed from, even a farther .mcp.json.
    if (scope === from.scope && targetProject === from.projectPath) return { ...from, name };
    return placeFor(name, scope, targetProject);
  }

  /** A switched-off entry is edited (and renamed) in the stash; it moves only once it is on again. */
  async function stashedEditPlace(
    from: EntryPlace,
    name: string,
    scope: Scope,
    targetProject: string,
  ): Promise<EntryPlace> {
    const otherProject =
      scope === 'local' &&
      (await localProjectKey(targetProject)) !== (await localProjectKey(from.projectPath));
    if (scope !== from.scope || otherProject) {
      throw new McpCoreError(
        'INVALID_INPUT',
        `server.${scope === from.scope ? 'projectPath' : 'scope'}: "${from.name}" is switched off; switch it on to move it to another ${scope === from.scope ? 'project' : 'scope'}`,
      );
    }
    return { ...from, name };
  }

  return { placeFor, storedAt, listedPlace, samePlace, editedPlace };
}

export type EntryPlaces = ReturnType<typeof createEntryPlaces>;

/** The CLI runs in the project, and for project scope in the dir of the `.mcp.json` it changes. */
export function cwdOf(place: EntryPlace): string {
  return place.scope === 'project' ? dirname(place.source) : place.projectPath;
}
