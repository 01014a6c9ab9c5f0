/**
 * Which project a recorded change reached, resolved, so that its undo reaches the same one. A
 * project path is only a name: by the time of an undo it can be a link to another project, where
 * the CLI would find an identical server and change that one instead. So the history records the
 * directory the path resolved to (for local scope the key of `projects` in `.claude.json`, for
 * project scope the directory of the `.mcp.json`), and an undo whose path resolves elsewhere now is
 * refused.
 */
import { dirname } from 'node:path';
import { isDirectory, localProjectKey, realProjectDir } from '../../config';
import { McpCoreError } from '../../errors';
import type { ApprovalMove, EntryPlace, NewChange, PlacedEntry, StoredChange } from './change-record';

/** The resolved project directory a change at `place` reaches; none for user scope. */
function projectKeyOf({ scope, projectPath, source }: EntryPlace): Promise<string | undefined> {
  if (scope === 'local') return localProjectKey(projectPath);
  if (scope === 'project') return realProjectDir(dirname(source));
  return Promise.resolve(undefined);
}

async function withKey(place: PlacedEntry | undefined): Promise<PlacedEntry | undefined> {
  if (place === undefined) return undefined;
  const projectKey = await projectKeyOf(place);
  return projectKey === undefined ? place : { ...place, projectKey };
}

type Moved = Pick<StoredChange, 'before' | 'after' | 'approval' | 'projectPath'>;

/** `change` with the resolved project of each entry it touched and of the approval it moved. */
async function keyed<T extends Moved>(change: T): Promise<T> {
  const [before, after] = await Promise.all([withKey(change.before), withKey(change.after)]);
  const approval: ApprovalMove | undefined =
    change.approval === undefined || change.projectPath === undefined
      ? change.approval
      : { ...change.approval, projectKey: await realProjectDir(change.projectPath) };
  return {
    ...change,
    ...(before === undefined ? {} : { before }),
    ...(after === undefined ? {} : { after }),
    ...(approval === undefined ? {} : { approval }),
  };
}

/** `change`, and each switch of it, with the resolved projects of what it moved. */
export async function withProjectKeys(change: NewChange): Promise<NewChange> {
  if (change.kind === 'entries' || change.kind === 'switch') return keyed(change);
  if (change.kind !== 'switches' || change.switches === undefined) return change;
  return { ...change, switches: await Promise.all(change.switches.map(keyed)) };
}

/** CHANGED_SINCE when the project of a recorded entry now resolves to another directory. */
export async function refuseUndoElsewhere(place: PlacedEntry): Promise<void> {
  if (place.projectKey === undefined) return;
  refuseIfMoved(place.projectPath, place.projectKey, await projectKeyOf(place), place.name);
}

/** CHANGED_SINCE when the project of a recorded approval move now resolves to another directory. */
export async function refuseApprovalUndoElsewhere(
  approval: ApprovalMove,
  projectPath: string,
  name: string,
): Promise<void> {
  if (approval.projectKey === undefined) return;
  refuseIfMoved(projectPath, approval.projectKey, await realProjectDir(projectPath), name);
}

function refuseIfMoved(projectPath: string, then: string, now: string | undefined, name: string): void {
  if (now === then) return;
  throw new McpCoreError(
    'CHANGED_SINCE',
    `Cannot undo: ${projectPath}, where "${name}" was changed in ${then}, now leads to ${now ?? 'nothing'}.`,
  );
}

/** CHANGED_SINCE when `dir`, where an undo runs the CLI, is gone: it would read as a CLI that cannot start. */
export async function refuseUndoInGoneDir(dir: string, name: string): Promise<void> {
  if (!(await isDirectory(dir))) {
    throw new McpCoreError(
      'CHANGED_SINCE',
      `Cannot undo: ${dir}, where "${name}" was changed, is no longer a directory.`,
    );
  }
}
