/**
 * Every change's answer with `sessionsMissing`: the running Claude Code sessions it does not reach
 * (running-sessions.ts). Wraps the change methods once, in the wiring, so no operation module has
 * to know; the reach of each change is read from its input (or, for an undo, from the change it
 * undoes, for a profile from the switches that moved) once it has landed.
 */
import { dirname } from 'node:path';
import type { MissedSession } from '../../config';
import type { Scope } from '../../schemas';
import type { ImportResult } from '../../transfer';
import type { ChangeRecord, HistoryJournal } from '../history';
import type { McpAdmin } from '../contract';
import type { Readers } from '../engine';
import { EVERYWHERE, joinedReach, reachOf } from './running-sessions';
import type { Reach, SessionReports } from './running-sessions';

/** The methods whose answer names the sessions they miss. */
export type ReportedChange =
  | 'add'
  | 'remove'
  | 'update'
  | 'secretsToKeychain'
  | 'secretsFromKeychain'
  | 'undo'
  | 'disable'
  | 'enable'
  | 'disableInProject'
  | 'enableInProject'
  | 'saveProfile'
  | 'deleteProfile'
  | 'applyProfile'
  | 'setPermission'
  | 'resetChoices'
  | 'logout';

type Change<K extends ReportedChange> = McpAdmin[K];

/** Runs `change`, then adds the sessions that started before it landed and that `reach` covers, if any. */
function reported<A, R extends object>(
  reports: SessionReports,
  change: (input: A) => Promise<R>,
  reach: (input: A, answer: R, before: Reach | undefined) => Promise<Reach>,
  reachBefore?: (input: A) => Promise<Reach | undefined>,
): (input: A) => Promise<R & { sessionsMissing?: MissedSession[] }> {
  return async (input) => {
    const before = reachBefore === undefined ? undefined : await reachBefore(input).catch(() => undefined);
    const answer = await change(input);
    const landedAt = Date.now();
    const where = await reach(input, answer, before).catch(() => EVERYWHERE);
    const missed = await reports.missedBy(where, landedAt);
    // Present only when some session misses the change: the answer of every other change is as before.
    return missed.length === 0 ? answer : { ...answer, sessionsMissing: missed };
  };
}

export function reportSessionsMissing(
  operations: Pick<McpAdmin, ReportedChange | 'importServers'>,
  { reports, readers, history }: { reports: SessionReports; readers: Readers; history: HistoryJournal },
): Pick<McpAdmin, ReportedChange | 'importServers'> {
  const inProject = (scope: Parameters<typeof reachOf>[0], projectPath: string | undefined) =>
    reachOf(scope, readers.projectPathOf(projectPath));
  const nowhere = () => Promise.resolve<Reach>({ everywhere: false, dirs: [] });
  const recordReach = (record: ChangeRecord) => reachOfRecord(record, readers);

  const add: Change<'add'> = reported(reports, operations.add, (input) =>
    inProject(input.scope, input.projectPath),
  );
  const remove: Change<'remove'> = reported(reports, operations.remove, (input) =>
    input.scope === undefined ? Promise.resolve(EVERYWHERE) : inProject(input.scope, input.projectPath),
  );
  const update: Change<'update'> = reported(reports, operations.update, async (input) =>
    joinedReach([
      await inProject(input.scope, input.projectPath),
      // An edit may move the server: the place it went to is reached too.
      await inProject(input.server.scope ?? input.scope, input.server.projectPath ?? input.projectPath),
    ]),
  );
  const undo: Change<'undo'> = reported(
    reports,
    operations.undo,
    (_input, _answer, before) => Promise.resolve(before ?? EVERYWHERE),
    async (input) => recordReach((await history.undoable(input.id)).value),
  );
  const switchReach = (input: { scope: Scope; projectPath?: string | undefined }) =>
    inProject(input.scope, input.projectPath);
  const toggleReach = (input: { projectPath?: string | undefined }) => inProject('local', input.projectPath);
  const applyProfile: Change<'applyProfile'> = reported(
    reports,
    operations.applyProfile,
    async (_input, answer) =>
      joinedReach(
        await Promise.all(
          answer.results
            .filter((result) => result.outcome === 'on' || result.outcome === 'off')
            .map((result) => inProject(result.scope, result.projectPath)),
        ),
      ),
  );
  // An import answers a list, one result per server: each server it added names the sessions it misses.
  const importServers: McpAdmin['importServers'] = async (input) => {
    const results = await operations.importServers(input);
    const landedAt = Date.now();
    const reaches = new Map<ImportResult, Reach>();
    for (const result of results.filter((one) => one.outcome === 'added')) {
      const places = [inProject(input.scope, input.projectPath)];
      if (result.replaces !== undefined) places.push(replacedReach(result.replaces, input.projectPath));
      reaches.set(result, await Promise.all(places).then(joinedReach, () => EVERYWHERE));
    }
    if (reaches.size === 0) return results;
    const missedBy = new Map<ImportResult, MissedSession[]>();
    for (const [result, reach] of reaches) missedBy.set(result, await reports.missedBy(reach, landedAt));
    return results.map((result) => {
      const missed = missedBy.get(result) ?? [];
      return missed.length === 0 ? result : { ...result, sessionsMissing: missed };
    });
  };
  /** A replaced entry was seen where it was stored: a project one by sessions below its `.mcp.json`'s folder. */
  const replacedReach = (
    replaced: NonNullable<ImportResult['replaces']>,
    projectPath: string | undefined,
  ): Promise<Reach> =>
    replaced.scope === 'project'
      ? reachOf('project', dirname(replaced.source))
      : inProject(replaced.scope, projectPath);

  return {
    importServers,
    add,
    remove,
    update,
    // A session started before the move runs the entry it read then: the old command or the old values.
    secretsToKeychain: reported(reports, operations.secretsToKeychain, switchReach),
    secretsFromKeychain: reported(reports, operations.secretsFromKeychain, switchReach),
    undo,
    disable: reported(reports, operations.disable, switchReach),
    enable: reported(reports, operations.enable, switchReach),
    // Claude Code's per-project off is kept under the project's local key.
    disableInProject: reported(reports, operations.disableInProject, toggleReach),
    enableInProject: reported(reports, operations.enableInProject, toggleReach),
    // A profile is MCP Admin's own file: no session reads it.
    saveProfile: reported(reports, operations.saveProfile, nowhere),
    deleteProfile: reported(reports, operations.deleteProfile, nowhere),
    applyProfile,
    setPermission: reported(reports, operations.setPermission, (input) =>
      input.file === 'user' ? Promise.resolve(EVERYWHERE) : inProject('project-dir', input.projectPath),
    ),
    resetChoices: reported(reports, operations.resetChoices, (input) =>
      inProject('project-dir', input?.projectPath),
    ),
    // Tokens are kept once for the user: every session signed in with the old ones.
    logout: reported(reports, operations.logout, () => Promise.resolve(EVERYWHERE)),
  };
}

/** Where the change an undo reverses was seen: where the undo is seen too. */
async function reachOfRecord(record: ChangeRecord, readers: Readers): Promise<Reach> {
  if (record.kind === 'toggle' && record.toggle !== undefined) {
    return { everywhere: false, dirs: [record.toggle.projectKey] };
  }
  if (record.kind === 'switches' && record.switches !== undefined)
    return joinedReach(
      await Promise.all(record.switches.map((move) => reachOf(move.scope, move.projectPath))),
    );
  if ((record.kind === 'permission' && record.permission !== undefined) || record.scope === 'user')
    return EVERYWHERE;
  if (record.scope !== 'local' && record.scope !== 'project') return EVERYWHERE;
  return reachOf(record.scope, readers.projectPathOf(record.projectPath));
}
