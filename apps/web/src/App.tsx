import { useEffect, useRef, useState } from 'react';
import { AddServerForm, EditServerForm } from './add-form';
import { ConnectionAlert, useLiveUpdates } from './connection';
import { HistoryRegion } from './history';
import { ManagedBanner, PanelHeader, SignInHint, useSystemInfo } from './layout';
import { rowKey, type WritableServer } from './rows';
import { editButtonId, ServersSection } from './servers';
import { RunningSessionsRegion } from './sessions';
import { ChangeToast } from './toast';
import { TransferBar } from './transfer';
import type { SystemInfo } from './trpc';
import { ErrorAlert } from './ui/ErrorAlert';
import { focusWhenShown } from './ui/focus-when-shown';
import { preloadLazyParts } from './ui/lazy-part';

/** The row being edited, with the project it was listed for. */
interface Editing {
  server: WritableServer;
  projectPath: string;
}

export function App() {
  const info = useSystemInfo();
  if (info.error?.data?.httpStatus === 401) return <SignInHint />;
  // Once loaded, the panel stays when reading it again fails (the server stopped a moment after a
  // live update asked for it): the connection alert says so, and the next live update reads it again.
  if (info.data === undefined) {
    return info.error !== null ? (
      <main className="sign-in">
        <ErrorAlert message={info.error.message} />
      </main>
    ) : (
      <p className="status page-status">Loading…</p>
    );
  }
  return (
    <>
      <ConnectionAlert />
      <Panel info={info.data} />
      {/* Always in the page, so screen readers announce the message after each change. */}
      <div role="status" className="change-toast">
        <ChangeToast />
      </div>
    </>
  );
}

function Panel({ info }: { info: SystemInfo }) {
  const [projectPath, setProjectPath] = useState(info.defaultProject);
  const [editing, setEditing] = useState<Editing | null>(null);
  // Focus goes back to the row's Edit button when the edit closes (the row keeps its id).
  const editOpener = useRef<string | null>(null);
  useEffect(() => {
    if (editing !== null || editOpener.current === null) return;
    focusWhenShown(editOpener.current);
    editOpener.current = null;
  }, [editing]);
  useLiveUpdates(projectPath);
  useEffect(preloadLazyParts, []);
  const openEdit = (server: WritableServer, shownProject: string) => {
    editOpener.current = editButtonId(server, shownProject);
    setEditing({ server, projectPath: shownProject });
  };
  const locked = info.managed !== null;
  return (
    <>
      <PanelHeader info={info} projectPath={projectPath} onProjectChange={setProjectPath} />
      <main className="panel">
        {info.managed !== null && <ManagedBanner path={info.managed.path} />}
        <ServersSection projectPath={projectPath} locked={locked} onEdit={openEdit} />
        <div className="side-column">
          {/* Claude Code refuses every change while a managed config is in control. */}
          {!locked && (
            <>
              {/* Hidden, not unmounted, while an edit is open: what was typed into it stays. */}
              <div hidden={editing !== null}>
                <AddServerForm projectPath={projectPath} onEditExisting={openEdit} />
              </div>
              {editing !== null && (
                <EditServerForm
                  key={rowKey(editing.server, editing.projectPath)}
                  server={editing.server}
                  projectPath={editing.projectPath}
                  onClose={() => {
                    setEditing(null);
                  }}
                />
              )}
            </>
          )}
          <TransferBar projectPath={projectPath} />
          <HistoryRegion locked={locked} projectPath={projectPath} />
          <RunningSessionsRegion projectPath={projectPath} />
        </div>
      </main>
    </>
  );
}
