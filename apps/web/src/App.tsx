import { useEffect, useRef, useState } from 'react';
import { AddFormPlaceholder } from './add-form/AddFormPlaceholder';
import { ConnectionAlert } from './connection/ConnectionAlert';
import { PanelHeader } from './layout/PanelHeader';
import type { WritableServer } from './servers/server-display';
import { ServersSection } from './servers/ServersSection';
import { editButtonId } from './servers/server-display';
import { ChangeToast } from './toast/lazy';
import { trpc, type SystemInfo } from './trpc';
import { ErrorAlert } from './ui/ErrorAlert';
import { focusWhenShown } from './ui/focus-when-shown';
import { lazyPart, preloadLazyParts } from './ui/lazy-part';
import { useLiveUpdates } from './use-live-updates';

// The form validates with mcp-core's zod schemas, most of the panel's code: the list paints without them.
const AddServerForm = lazyPart(
  'the add form',
  async () => (await import('./add-form/AddServerForm')).AddServerForm,
  <AddFormPlaceholder />,
);
const EditServerForm = lazyPart(
  'the edit form',
  async () => (await import('./add-form/EditServerForm')).EditServerForm,
  <AddFormPlaceholder />,
);
const HistoryRegion = lazyPart(
  'History',
  async () => (await import('./history/HistoryRegion')).HistoryRegion,
);

// Below the form, like History: its doors to import and export come with the form.
const TransferBar = lazyPart('Import and export', async () => {
  return (await import('./transfer/TransferBar')).TransferBar;
});

// Shown only without a session or under a managed config: most loads never need them.
const SignInHint = lazyPart('the sign-in help', async () => (await import('./layout/SignInHint')).SignInHint);
const ManagedBanner = lazyPart('the managed notice', async () => {
  return (await import('./layout/ManagedBanner')).ManagedBanner;
});

/** The row being edited, with the project it was listed for. */
interface Editing {
  server: WritableServer;
  projectPath: string;
}

export function App() {
  const info = trpc.system.info.useQuery();
  if (info.error !== null) {
    return info.error.data?.httpStatus === 401 ? (
      <SignInHint />
    ) : (
      <main className="sign-in">
        <ErrorAlert message={info.error.message} />
      </main>
    );
  }
  if (info.isPending) return <p className="status page-status">Loading…</p>;
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
                  key={`${editing.server.scope}:${editing.server.source ?? ''}:${editing.server.name}`}
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
        </div>
      </main>
    </>
  );
}
