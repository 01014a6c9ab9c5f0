import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { AddFormPlaceholder } from './add-form/AddFormPlaceholder';
import { ManagedBanner } from './layout/ManagedBanner';
import { PanelHeader } from './layout/PanelHeader';
import { SignInHint } from './layout/SignInHint';
import type { WritableServer } from './servers/server-display';
import { ProfilesRegion } from './profiles/lazy';
import { ServersSection } from './servers/ServersSection';
import { editButtonId } from './servers/server-display';
import { TransferBar } from './transfer/TransferBar';
import { trpc, type SystemInfo } from './trpc';
import { ErrorAlert } from './ui/ErrorAlert';
import { focusWhenShown } from './ui/focus-when-shown';
import { useLiveUpdates } from './use-live-updates';

// The form validates with mcp-core's zod schemas, most of the panel's code: the list paints without them.
const AddServerForm = lazy(async () => {
  const module = await import('./add-form/AddServerForm');
  return { default: module.AddServerForm };
});
const EditServerForm = lazy(async () => {
  const module = await import('./add-form/EditServerForm');
  return { default: module.EditServerForm };
});
const HistoryRegion = lazy(async () => {
  const module = await import('./history/HistoryRegion');
  return { default: module.HistoryRegion };
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
  return <Panel info={info.data} />;
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
  const locked = info.managed !== null;
  return (
    <>
      <PanelHeader info={info} projectPath={projectPath} onProjectChange={setProjectPath} />
      <main className="panel">
        {info.managed !== null && <ManagedBanner path={info.managed.path} />}
        <ServersSection
          projectPath={projectPath}
          locked={locked}
          onEdit={(server, shownProject) => {
            editOpener.current = editButtonId(server, shownProject);
            setEditing({ server, projectPath: shownProject });
          }}
        />
        <div className="side-column">
          {/* Claude Code refuses every change while a managed config is in control. */}
          {!locked && (
            <Suspense fallback={<AddFormPlaceholder />}>
              {/* Hidden, not unmounted, while an edit is open: what was typed into it stays. */}
              <div hidden={editing !== null}>
                <AddServerForm projectPath={projectPath} />
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
            </Suspense>
          )}
          <TransferBar projectPath={projectPath} />
          <Suspense fallback={null}>
            <ProfilesRegion projectPath={projectPath} locked={locked} />
          </Suspense>
          <Suspense fallback={null}>
            <HistoryRegion locked={locked} />
          </Suspense>
        </div>
      </main>
    </>
  );
}
