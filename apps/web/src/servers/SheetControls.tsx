import { useEffect, useState } from 'react';
import { EditServerForm } from '../add-form';
import type { RowCheck } from '../check';
import { RowLogs } from '../logs';
import { isWritable, rowKey, type WritableServer } from '../rows';
import { SignInRun, useRowSignIns } from '../sign-in';
import type { ServerEntry } from '../trpc';
import { ErrorAlert } from '../ui/ErrorAlert';
import { focusWhenShown } from '../ui/focus-when-shown';
import { MenuButton } from '../ui/MenuButton';
import { RowIcon } from './RowIcons';
import { RowSwitches } from './RowSwitches';
import { rowMenuItems } from './ServerRow';

interface SheetControlsProps {
  server: ServerEntry;
  projectPath: string;
  check: RowCheck | undefined;
  /** A managed config is in control, or the rows are another project's: nothing can change. */
  locked: boolean;
  onCheck: (server: WritableServer, projectPath: string) => void;
  onRemove: (server: WritableServer, projectPath: string) => void;
}

/**
 * The sheet's Edit button to focus when it is drawn: saving replaces the entry (remove, then add),
 * so a list read in between takes the sheet away and a later one draws it anew, focus on its Close.
 */
let editButtonAfterSave: string | null = null;

/**
 * The row's controls at the head of its sheet, under the row's names (`Check <name>`, `Edit <name>`,
 * `Remove <name>`, the switches, `More actions for <name>`): what the sheet says can be acted on
 * there. Edit opens the edit form in the sheet, under these controls and the answer it may fix.
 */
export function SheetControls({ server, projectPath, check, locked, onCheck, onRemove }: SheetControlsProps) {
  const [editing, setEditing] = useState(false);
  const [logsOpen, setLogsOpen] = useState(false);
  const [failure, setFailure] = useState<Error | null>(null);
  const signIns = useRowSignIns();
  const [now] = useState(Date.now);
  const editButtonId = `sheet-edit ${rowKey(server, projectPath)}`;
  const checkStatus = check?.state === 'done' ? check.result.status : undefined;
  const menuItems = rowMenuItems(server, projectPath, {
    checkStatus,
    now,
    stale: locked,
    locked,
    signIns,
    setLogsOpen,
  });
  useEffect(() => {
    if (editButtonAfterSave !== editButtonId) return;
    editButtonAfterSave = null;
    document.getElementById(editButtonId)?.focus();
  }, [editButtonId]);
  const closeEdit = () => {
    setEditing(false);
    editButtonAfterSave = editButtonId;
    window.setTimeout(() => {
      if (editButtonAfterSave === editButtonId) editButtonAfterSave = null;
    }, 5000);
    // An edit replaces the entry (remove, then add): the sheet may be drawn anew, with its button.
    document.getElementById(editButtonId)?.focus();
    focusWhenShown(editButtonId);
  };
  const shownFailure = failure ?? signIns.signOutErrorOf(rowKey(server, projectPath)) ?? null;
  return (
    <>
      <div className="sheet-controls" role="group" aria-label={`Actions for ${server.name}`}>
        <RowSwitches
          server={server}
          projectPath={projectPath}
          disabled={locked}
          onEnabledFailure={setFailure}
          onProjectFailure={setFailure}
        />
        {isWritable(server) && (
          <span className="row-buttons">
            <button
              type="button"
              className="secondary small"
              aria-label={`Check ${server.name}`}
              disabled={server.disabled === true || locked}
              // Busy, not disabled, while it runs: a disabled button would drop the focus it has.
              aria-disabled={check?.state === 'running' ? true : undefined}
              onClick={() => {
                if (check?.state !== 'running') onCheck(server, projectPath);
              }}
            >
              <RowIcon name="check" /> Check
            </button>
            <button
              id={editButtonId}
              type="button"
              className="secondary small"
              aria-label={`Edit ${server.name}`}
              aria-expanded={editing}
              disabled={locked}
              onClick={() => {
                setEditing(!editing);
              }}
            >
              <RowIcon name="edit" /> Edit
            </button>
            <button
              type="button"
              className="secondary small"
              aria-label={`Remove ${server.name}`}
              disabled={locked}
              onClick={() => {
                onRemove(server, projectPath);
              }}
            >
              <RowIcon name="remove" /> Remove
            </button>
          </span>
        )}
        {menuItems.length > 0 && <MenuButton label={`More actions for ${server.name}`} items={menuItems} />}
      </div>
      {shownFailure !== null && <ErrorAlert message={shownFailure.message} />}
      {editing && isWritable(server) && (
        <div className="sheet-edit">
          <EditServerForm server={server} projectPath={projectPath} onClose={closeEdit} />
        </div>
      )}
      {logsOpen && (
        <RowLogs
          server={server}
          projectPath={projectPath}
          check={check}
          onClose={() => {
            setLogsOpen(false);
          }}
        />
      )}
      {signIns.signIn !== null && (
        <SignInRun
          key={signIns.signIn.run}
          server={signIns.signIn.server}
          projectPath={signIns.signIn.projectPath}
          tab={signIns.signIn.tab}
          onDone={(ok) => {
            const { server: signedIn, projectPath: signedInProject } = signIns.signIn ?? {};
            signIns.finished();
            if (ok && signedIn !== undefined && signedInProject !== undefined)
              onCheck(signedIn, signedInProject);
          }}
          onClose={() => {
            signIns.close();
          }}
        />
      )}
    </>
  );
}
