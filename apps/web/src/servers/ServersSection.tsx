import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { CheckAllRun, ConfirmCheckDialog, useRowChecks } from '../check';
import { isUnreachable } from '../connection';
import { useServerList } from '../shared-queries';
import { ErrorAlert } from '../ui/ErrorAlert';
import { lazyPart } from '../ui/lazy-part';
import { useFocusAfterRender } from '../ui/use-focus-after-render';
import { focusWhenShown } from '../ui/focus-when-shown';
import { useKeychainAvailability } from './api';
import { secretsToMove } from './move-all-secrets';
import { ServerList } from './ServerList';
import { sheetOpenerId, sheetServer, useSheetTarget } from './sheet-address';
import type { WritableServer } from '../rows';
import type { ServerEntry } from '../trpc';

// Shown only with no servers yet, or when a config file cannot be read: the first paint does without them.
const EmptyState = lazyPart(
  'the first steps',
  () => import('./EmptyState'),
  (module) => module.EmptyState,
);
const FileProblems = lazyPart(
  'the unreadable files',
  () => import('./FileProblems'),
  (module) => module.FileProblems,
);

// Loaded when first opened, like every dialog: the list paints without it.
const ServerSheetDialog = lazyPart(
  'the server',
  () => import('./ServerSheetDialog'),
  (module) => module.ServerSheetDialog,
);
const MoveAllSecretsDialog = lazyPart(
  'the move to the keychain',
  () => import('./MoveAllSecretsDialog'),
  (module) => module.MoveAllSecretsDialog,
);
const RemoveServerDialog = lazyPart(
  'the remove dialog',
  () => import('./RemoveServerDialog'),
  (module) => module.RemoveServerDialog,
);

/** A row's action, with the project of the list the row was shown in. */
interface RowAction {
  server: WritableServer;
  projectPath: string;
}

/** One `Check all` of a project; `run` tells a new one from the last. */
interface CheckAllState {
  projectPath: string;
  run: number;
  ended: boolean;
  /** Ended by `Cancel check all`. */
  cancelled: boolean;
}

interface ServersSectionProps {
  projectPath: string;
  /** A managed config is in control: nothing can be removed or edited. */
  locked: boolean;
  /** A row's `Edit`: the panel opens the edit form for that entry. */
  onEdit: (server: WritableServer, projectPath: string) => void;
  /** More buttons at the end of the section's head (import and export). */
  actions?: ReactNode;
  /** `Add a server` of the empty list: the panel opens the New server sheet (none when locked). */
  onAddServer?: () => void;
}

/** The servers Claude Code sees from the chosen project, with the switch that reveals secrets. */
export function ServersSection({ projectPath, locked, onEdit, actions, onAddServer }: ServersSectionProps) {
  const headingId = useId();
  const [reveal, setReveal] = useState(false);
  const [shownCount, setShownCount] = useState<number | null>(null);
  const [removing, setRemoving] = useState<RowAction | null>(null);
  const [confirming, setConfirming] = useState<RowAction | null>(null);
  const [checkAll, setCheckAll] = useState<CheckAllState | null>(null);
  const [movingAll, setMovingAll] = useState(false);
  const keychain = useKeychainAvailability();
  const checks = useRowChecks((server, shownProject) => {
    setConfirming({ server, projectPath: shownProject });
  });
  // A run of another project stopped when the user left it (its subscription went with it).
  const checkAllShown = checkAll?.projectPath === projectPath ? checkAll : null;
  const checkAllRunning = checkAllShown !== null && !checkAllShown.ended;
  if (checkAll !== null && checkAllShown === null && !checkAll.ended) {
    // Its rows stop waiting, and coming back to that project starts no run by itself.
    setCheckAll(null);
    checks.endAll();
  }
  const checkAllButton = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useFocusAfterRender();
  // Keep showing the current rows while the revealed (or another project's) list loads.
  const list = useServerList(projectPath, { reveal, keepPrevious: true });
  const servers = list.data?.servers ?? [];
  // Rows kept from the project the user just left look like the new project's (the same server is
  // often set up in several projects): they stay visible but cannot be acted on until the picked
  // project's rows arrive. Only while placeholder data shows, so a path the server spells
  // differently can never lock the rows.
  const showsPreviousProject = list.isPlaceholderData && list.data.projectPath !== projectPath;
  const sheet = useSheetTarget();
  const sheetOf = sheetServer(servers, sheet.target, list.data?.projectPath ?? projectPath);
  useFocusBackToName(sheetOf, list.data?.projectPath ?? projectPath);
  // Offered only when a keychain can take them and some user or local server holds one in clear.
  const moves = keychain.data?.available === true && !locked ? secretsToMove(servers) : [];

  return (
    // Named `Servers` as its view is, without the count its heading shows.
    <section className="card servers" aria-label="Servers">
      <div className="section-head">
        <div className="section-title">
          <h2 id={headingId} tabIndex={-1}>
            Servers{' '}
            {list.data !== undefined && (
              <span className="count">
                {shownCount === null || servers.length === 0 || shownCount === servers.length
                  ? servers.length
                  : `${shownCount} of ${servers.length}`}
              </span>
            )}
          </h2>
          <p role="status" className="status">
            {showsPreviousProject && 'Loading this project…'}
          </p>
        </div>
        <div className="section-actions">
          {servers.length > 0 && (
            <button
              ref={checkAllButton}
              type="button"
              className="secondary small"
              disabled={showsPreviousProject}
              // Busy, not disabled, while a run goes on: a disabled button would drop the focus it has.
              aria-disabled={checkAllRunning ? true : undefined}
              onClick={() => {
                if (checkAllRunning) return;
                setCheckAll({ projectPath, run: (checkAll?.run ?? 0) + 1, ended: false, cancelled: false });
                checks.startAll(projectPath, servers);
              }}
            >
              Check all
            </button>
          )}
          {checkAllShown !== null && checkAllRunning && (
            <button
              type="button"
              className="secondary small"
              aria-label="Cancel check all"
              onClick={() => {
                setCheckAll({ ...checkAllShown, ended: true, cancelled: true });
                checks.endAll();
                // This button goes with the run: focus goes back to the one that starts another.
                checkAllButton.current?.focus();
              }}
            >
              Cancel
            </button>
          )}
          {moves.length > 0 && (
            <button
              type="button"
              className="secondary small"
              disabled={showsPreviousProject}
              onClick={() => {
                setMovingAll(true);
              }}
            >
              Move all secrets to the keychain
            </button>
          )}
          {/* Nothing to reveal in an empty list (kept while on, so it can be switched off). */}
          {(servers.length > 0 || reveal) && (
            <label className="switch">
              <input
                type="checkbox"
                role="switch"
                checked={reveal}
                onChange={(event) => {
                  setReveal(event.target.checked);
                }}
              />
              <span>Reveal secrets</span>
            </label>
          )}
          {actions}
        </div>
      </div>
      {checkAllShown !== null && (
        <CheckAllRun
          key={checkAllShown.run}
          projectPath={checkAllShown.projectPath}
          cancelled={checkAllShown.cancelled}
          onResult={(event) => {
            checks.record(checkAllShown.projectPath, event);
          }}
          onEnd={() => {
            // Only the run that ended: never one cancelled or started since.
            setCheckAll((current) =>
              current?.run === checkAllShown.run && !current.ended ? { ...current, ended: true } : current,
            );
            checks.endAll();
          }}
        />
      )}
      {/* A server out of reach is said by the connection alert: a read that failed with it adds nothing. */}
      {list.error !== null && !isUnreachable(list.error) && (
        <ErrorAlert message={projectErrorWords(list.error.message, projectPath)} />
      )}
      {list.isPending && <p className="status">Loading servers…</p>}
      {list.data !== undefined && list.data.problems.length > 0 && (
        <FileProblems problems={list.data.problems} />
      )}
      {list.data !== undefined &&
        (servers.length === 0 ? (
          <EmptyState projectPath={projectPath} onAddServer={locked ? undefined : onAddServer} />
        ) : (
          <ServerList
            servers={servers}
            onShownCount={setShownCount}
            projectPath={list.data.projectPath}
            stale={showsPreviousProject}
            locked={locked}
            checkOf={(server) => checks.of(list.data.projectPath, server)}
            onCheck={(server, shownProject) => {
              checks.check(server, shownProject);
            }}
            onEdit={onEdit}
            onRemove={(server, shownProject) => {
              setRemoving({ server, projectPath: shownProject });
            }}
          />
        ))}
      {sheetOf !== undefined && list.data !== undefined && (
        <ServerSheetDialog
          server={sheetOf}
          at={sheet.target?.at}
          projectPath={list.data.projectPath}
          check={checks.of(list.data.projectPath, sheetOf)}
          locked={locked || showsPreviousProject}
          onCheck={(server, shownProject) => {
            checks.check(server, shownProject);
          }}
          onRemove={(server, shownProject) => {
            setRemoving({ server, projectPath: shownProject });
          }}
          onClose={sheet.close}
        />
      )}
      {confirming !== null && (
        <ConfirmCheckDialog
          server={confirming.server}
          onClose={() => {
            setConfirming(null);
          }}
          onConfirm={() => {
            setConfirming(null);
            checks.check(confirming.server, confirming.projectPath, true);
          }}
        />
      )}
      {removing !== null && (
        <RemoveServerDialog
          server={removing.server}
          projectPath={removing.projectPath}
          onClose={() => {
            setRemoving(null);
          }}
          onRemoved={() => {
            setRemoving(null);
            // Removed from its sheet: the sheet goes with it, its address too.
            if (sheetOf !== undefined) sheet.close();
            // The row whose button opened the dialog is gone: keep focus in the list it left.
            focusAfterRender(headingId);
          }}
        />
      )}
      {movingAll && (
        <MoveAllSecretsDialog
          moves={moves}
          projectPath={list.data?.projectPath ?? projectPath}
          backend={keychain.data?.backend}
          onClose={() => {
            setMovingAll(false);
            focusAfterRender(headingId);
          }}
        />
      )}
    </section>
  );
}

/** When a server's sheet closes (Escape, Close or Back), focus goes back to the name that opens it. */
function useFocusBackToName(shown: ServerEntry | undefined, projectPath: string): void {
  const opener = useRef<string | null>(null);
  const openerNow = shown === undefined ? null : sheetOpenerId(shown, projectPath);
  useEffect(() => {
    if (openerNow !== null) opener.current = openerNow;
    else if (opener.current !== null) {
      focusWhenShown(opener.current);
      opener.current = null;
    }
  }, [openerNow]);
}

/** A project path the server cannot use, said plainly; any other error as the server said it. */
function projectErrorWords(message: string, projectPath: string): string {
  return message.startsWith('projectPath')
    ? `There is no folder at ${projectPath}. Pick a project from the list, or type the full path of an existing folder.`
    : message;
}
