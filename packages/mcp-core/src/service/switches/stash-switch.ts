/**
 * The switch of a user or local server: disable keeps the whole stored entry in MCP Admin's stash,
 * then removes it with the CLI; enable adds it back with `add-json`, then drops it from the stash.
 * The stash is always written first, so a crash in between leaves the entry in the stash, in
 * `.claude.json`, or in both (which `reconcile` settles on start), never in neither; the change's
 * intent, written before the stash (changes.ts), is settled by the same two files. A CLI call
 * may land and still fail (a timeout, a crash after the write, a read-back that cannot read the
 * config): the config is read again (`readBack`), what landed is returned with the error
 * (`ok: false`), and the error says where the server is now.
 */
import { addJsonArgv, checkImportedEntry, removeArgv } from '../../cli';
import { disabledStashPath, isStashKey, readDisabledStash, updateDisabledStash } from '../../config';
import type { StashedServer } from '../../config';
import { changedFieldPaths, fieldsDifferingAsLoaded } from '../../entry-comparison';
import { errorText } from '../../error-text';
import { McpCoreError } from '../../errors';
import type { Scope } from '../../schemas';
import { stashKeyOf } from '../../switch';
import { isGone, readBack, verifyRemoved, verifyStored, withMessage } from '../engine';
import type { AuditedCli, Readers } from '../engine';
import type { SwitchOutcome } from './outcome';

/** One user/local switch asked: the server, and the entry an undo expects. */
export interface StashSwitchRequest {
  name: string;
  scope: 'user' | 'local';
  projectPath: string;
  /** An undo: the entry to switch must be exactly this one, else CHANGED_SINCE. */
  expected: Record<string, unknown> | undefined;
}

/** The user/local server a switch turns on or off. */
export type SwitchedServer = Omit<StashSwitchRequest, 'expected'>;

/** What a user/local switch is made of: the config, its bounded reader, and the audited CLI call. */
export interface StashSwitchContext {
  configPath: string;
  /** Bounded like every read inside a queue turn. */
  readers: Pick<Readers, 'storedIn'>;
  cli: AuditedCli;
}

export function createStashSwitch({ configPath, readers, cli }: StashSwitchContext) {
  const stashPath = disabledStashPath(configPath);
  const storedIn = (scope: Scope, name: string, projectPath: string) =>
    readers.storedIn(scope, name, projectPath);

  /**
   * What a disable needs, checked before anything is written: the entry stored now (exactly
   * `expected`, for an undo), one add-json can add back whole, and no different stashed one.
   */
  async function disablePlan({ name, scope, projectPath, expected }: StashSwitchRequest) {
    const stored = await storedIn(scope, name, projectPath);
    if (expected !== undefined) {
      refuseIfChanged(`"${name}" in ${scope} scope (${configPath})`, expected, stored?.entry);
    }
    if (stored === undefined) {
      throw new McpCoreError('INVALID_INPUT', `name: no ${scope}-scope server "${name}" to disable`);
    }
    // Enable adds the entry back with add-json: one it could not add whole is not taken out.
    const addable = checkImportedEntry(name, stored.entry);
    if (!addable.ok) {
      throw new McpCoreError(
        'INVALID_INPUT',
        `name: "${name}" cannot be disabled without losing part of it, since add-json could not add it back as stored (${addable.problems})`,
      );
    }
    const key = await stashKeyOf(name, scope, projectPath);
    const stash = await readDisabledStash(stashPath);
    const earlier = stash.find((server) => isStashKey(server, key));
    if (earlier !== undefined && fieldsDifferingAsLoaded(earlier.entry, stored.entry).length > 0) {
      throw new McpCoreError(
        'CHANGED_SINCE',
        `${stashPath} already keeps a different disabled ${scope}-scope "${name}", which disabling this one would replace; remove this one to enable that one.`,
      );
    }
    return { stored, key };
  }

  async function disable(request: StashSwitchRequest): Promise<SwitchOutcome> {
    const { name, scope, projectPath } = request;
    const { stored, key } = await disablePlan(request);
    const stashed: StashedServer = { ...key, entry: stored.entry, disabledAt: new Date().toISOString() };
    // First the stash: if the remove below never happens, the entry is in both places, not in neither.
    await updateDisabledStash(stashPath, (stash) => [
      ...stash.filter((server) => !isStashKey(server, key)),
      stashed,
    ]);
    try {
      const result = await cli.run('mcp.disable', removeArgv(name, scope), projectPath, async () => {
        verifyRemoved(name, await storedIn(scope, name, projectPath));
      });
      return {
        ok: true,
        result: {
          ...result,
          message: `${result.message}\nIts whole entry is kept in ${stashPath} until it is enabled.`,
        },
        moves: { scope, stashed },
      };
    } catch (error) {
      return afterFailedRemove(error, stashed, projectPath);
    }
  }

  /**
   * After a failed remove: still stored, the stash lets it go and the error is thrown (nothing
   * changed); gone, the disable landed all the same; unknown, the stash keeps it and the history
   * can undo it. Either of those is returned with the error.
   */
  async function afterFailedRemove(
    error: unknown,
    stashed: StashedServer,
    projectPath: string,
  ): Promise<SwitchOutcome> {
    const { name, scope } = stashed;
    const found = await readBack(() => storedIn(scope, name, projectPath), isGone);
    if (found.landed === 'no') {
      if (fieldsDifferingAsLoaded(found.stored?.entry, stashed.entry).length === 0) {
        // Left as it is when this fails: `reconcile` drops it on the next start, nothing is lost meanwhile.
        await updateDisabledStash(stashPath, (stash) =>
          stash.filter((server) => !isSameStashed(server, stashed)),
        ).catch(() => undefined);
      }
      throw error;
    }
    const state =
      found.landed === 'unknown'
        ? `Whether "${name}" is still in ${configPath} could not be read back (${found.unreadable}); its whole entry is kept in ${stashPath}: if it is gone, enable it (or undo this change in History) to put it back.`
        : `"${name}" was disabled all the same: it is gone from ${configPath} and its whole entry is kept in ${stashPath} until it is enabled.`;
    const failure = withMessage(error, `${errorText(error)}\n${state}`);
    return { ok: false, failure, moves: { scope, stashed } };
  }

  /**
   * What an enable needs, checked before anything is written: the stashed entry (exactly
   * `expected`, for an undo), and no server of its name stored meanwhile.
   */
  async function enablePlan({ name, scope, projectPath, expected }: StashSwitchRequest) {
    const key = await stashKeyOf(name, scope, projectPath);
    const stash = await readDisabledStash(stashPath);
    const stashed = stash.find((server) => isStashKey(server, key));
    if (expected !== undefined) {
      refuseIfChanged(`the disabled ${scope}-scope "${name}" (${stashPath})`, expected, stashed?.entry);
    }
    if (stashed === undefined) {
      throw new McpCoreError(
        'INVALID_INPUT',
        `name: "${name}" is not disabled in ${scope} scope${key.scope === 'local' ? ` of ${key.project}` : ''} (${stashPath} does not keep it)`,
      );
    }
    const stored = await storedIn(scope, name, projectPath);
    if (stored !== undefined) {
      throw new McpCoreError(
        'CHANGED_SINCE',
        `A ${scope}-scope server "${name}" was added to ${stored.source} since this one was disabled; the disabled entry stays in ${stashPath}. Remove that server to enable this one.`,
      );
    }
    return { stashed };
  }

  async function enable(request: StashSwitchRequest): Promise<SwitchOutcome> {
    const { name, scope, projectPath } = request;
    const { stashed } = await enablePlan(request);
    let result;
    try {
      result = await cli.run('mcp.enable', addJsonArgv(name, scope, stashed.entry), projectPath, async () => {
        verifyStored(name, scope, stashed.entry, await storedIn(scope, name, projectPath));
      });
    } catch (error) {
      return afterFailedAdd(error, stashed, projectPath);
    }
    const dropped = await dropFromStash(stashed);
    const warning = [result.warning, dropped].filter(Boolean).join('\n');
    return { ok: true, result: warning === '' ? result : { ...result, warning }, moves: { scope, stashed } };
  }

  /**
   * After a failed add: not stored or stored otherwise, nothing changed and the error is thrown;
   * stored as stashed, the enable landed all the same; unknown, the stash keeps the entry. Either
   * of those is returned with the error, which says so.
   */
  async function afterFailedAdd(
    error: unknown,
    stashed: StashedServer,
    projectPath: string,
  ): Promise<SwitchOutcome> {
    const { name, scope } = stashed;
    // Landed only as stashed: a different entry stored there now is not this enable's.
    const found = await readBack(
      () => storedIn(scope, name, projectPath),
      (stored) => fieldsDifferingAsLoaded(stored?.entry, stashed.entry).length === 0,
    );
    const landed = (state: string): SwitchOutcome => ({
      ok: false,
      failure: withMessage(error, `${errorText(error)}\n${state}`),
      moves: { scope, stashed },
    });
    if (found.landed === 'unknown') {
      // Recorded as asked: its undo disables it again only if it is stored exactly so.
      return landed(
        `Whether "${name}" is back in ${configPath} could not be read back (${found.unreadable}); its whole entry stays in ${stashPath} (MCP Admin drops it from there on its next start if it is back).`,
      );
    }
    if (found.landed === 'yes') {
      const dropped = await dropFromStash(stashed);
      return landed(
        `"${name}" was enabled all the same: it is back in ${configPath}.${dropped === undefined ? '' : `\n${dropped}`}`,
      );
    }
    if (found.stored === undefined) throw error;
    const state = `A different "${name}" is stored in ${configPath} now; the disabled entry stays in ${stashPath}.`;
    throw withMessage(error, `${errorText(error)}\n${state}`);
  }

  /**
   * The stash as it is now without the enabled server (never the copy read before the add: another
   * MCP Admin may have stashed a server since); a warning when it cannot be written.
   */
  async function dropFromStash(stashed: StashedServer): Promise<string | undefined> {
    try {
      await updateDisabledStash(stashPath, (stash) =>
        stash.filter((server) => !isSameStashed(server, stashed)),
      );
      return undefined;
    } catch (error) {
      return `${stashed.name} is enabled, but ${errorText(error)}; it is dropped from there when MCP Admin next starts.`;
    }
  }

  /**
   * The entry a switch will move, for its intent: stored now (disable) or stashed (enable);
   * undefined when there is none or it cannot be read, which the switch itself then says.
   */
  async function entryToMove({ name, scope, projectPath }: SwitchedServer, on: boolean) {
    try {
      if (!on) return (await storedIn(scope, name, projectPath))?.entry;
      const key = await stashKeyOf(name, scope, projectPath);
      return (await readDisabledStash(stashPath)).find((server) => isStashKey(server, key))?.entry;
    } catch {
      return undefined;
    }
  }

  /**
   * A switch cut off after its intent (MCP Admin killed), read from what is stored at start: a
   * disable landed once the server is gone from `.claude.json` and the stash keeps it (the stash is
   * written before the remove); an enable once it is back exactly as `planned`. `entry` is the
   * entry it moved when it landed, and `state` says what was found.
   */
  async function foundAfterCutOff(
    { name, scope, projectPath }: SwitchedServer,
    on: boolean,
    planned: Record<string, unknown>,
  ): Promise<{ entry?: Record<string, unknown>; state: string }> {
    const stored = await storedIn(scope, name, projectPath);
    if (on) {
      if (stored === undefined) {
        return { state: `"${name}" is not in ${configPath}; its whole entry stays in ${stashPath}.` };
      }
      if (fieldsDifferingAsLoaded(stored.entry, planned).length > 0) {
        return { state: `a different "${name}" is stored in ${configPath}, not this enable's.` };
      }
      return { entry: stored.entry, state: `"${name}" is back in ${configPath}.` };
    }
    if (stored !== undefined) return { state: `"${name}" is still in ${configPath}.` };
    const key = await stashKeyOf(name, scope, projectPath);
    const kept = (await readDisabledStash(stashPath)).find((server) => isStashKey(server, key));
    if (kept === undefined) {
      // The stash is written before the remove: without it there, this disable's remove never ran.
      return {
        state: `"${name}" is gone from ${configPath}, but ${stashPath} does not keep it: its remove never ran.`,
      };
    }
    return {
      entry: kept.entry,
      state: `"${name}" is gone from ${configPath} and its whole entry is kept in ${stashPath}.`,
    };
  }

  /** The checks of a switch alone, nothing written: a change of several switches checks each first. */
  async function refuseUnlessSwitchable(request: StashSwitchRequest, on: boolean): Promise<void> {
    await (on ? enablePlan(request) : disablePlan(request));
  }

  return { disable, enable, refuseUnlessSwitchable, entryToMove, foundAfterCutOff };
}

/** Whether `server` is the very entry `stashed` was (its key, entry and time): another one under the key stays. */
function isSameStashed(server: StashedServer, stashed: StashedServer): boolean {
  return (
    isStashKey(server, stashed) &&
    server.disabledAt === stashed.disabledAt &&
    fieldsDifferingAsLoaded(server.entry, stashed.entry).length === 0
  );
}

/** CHANGED_SINCE unless the entry `what` names is still `expected`, naming the fields that changed. */
function refuseIfChanged(
  what: string,
  expected: Record<string, unknown>,
  now: Record<string, unknown> | undefined,
): void {
  if (now === undefined) throw new McpCoreError('CHANGED_SINCE', `Cannot undo: ${what} is gone since.`);
  const changed = changedFieldPaths(expected, now);
  if (changed.length > 0) {
    const fields = changed.map((field) => `${field} changed`).join(', ');
    throw new McpCoreError('CHANGED_SINCE', `Cannot undo: ${what} changed since: ${fields}.`);
  }
}
