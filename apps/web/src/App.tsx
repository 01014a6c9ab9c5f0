import { useEffect, useRef, useState } from 'react';
import type { AddFormPrefill } from './add-form';
import { ConnectionAlert, useLiveUpdates } from './connection';
import { ManagedBanner, PanelHeader, SignInHint, useSystemInfo } from './layout';
import type { WritableServer } from './rows';
import { useServerList } from './shared-queries';
import { editButtonId } from './servers';
import { MAIN_ID, ServerSheet, SkipLink, useShortcuts, useView, ViewNav, VIEWS, type Editing } from './shell';
import { ChangeToast } from './toast';
import type { SystemInfo } from './trpc';
import { ErrorAlert } from './ui/ErrorAlert';
import { focusWhenShown } from './ui/focus-when-shown';
import { useHydrated } from './ui/use-hydrated';
import { lazyPart, preloadLazyParts } from './ui/lazy-part';
import { pageMessageHost } from './ui/message-hosts';
import { goToView } from './ui/view-url';

// Loaded when first opened (Ctrl+K): the first paint does without it.
const CommandPalette = lazyPart(
  'the command palette',
  () => import('./shell/CommandPalette'),
  (module) => module.CommandPalette,
);

/** The `New server` button's id: focus returns to it when the add form closes. */
const NEW_SERVER_ID = 'new-server';

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
      <div role="status" className="change-toast" ref={pageMessageHost}>
        <ChangeToast />
      </div>
    </>
  );
}

function Panel({ info }: { info: SystemInfo }) {
  const [projectPath, setProjectPath] = useState(info.defaultProject);
  const view = useView();
  const [shown, setShown] = useState<readonly string[]>([view.id]);
  if (!shown.includes(view.id)) setShown([...shown, view.id]);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Editing | null>(null);
  // A server chosen in Discover: the add form opens filled with it.
  const [prefill, setPrefill] = useState<AddFormPrefill | null>(null);
  const [paletteOpen, setPaletteOpen] = useState(false);
  // Focus goes back to the row's Edit button when the edit closes (the row keeps its id).
  const editOpener = useRef<string | null>(null);
  useEffect(() => {
    if (editing !== null || editOpener.current === null) return;
    focusWhenShown(editOpener.current);
    editOpener.current = null;
  }, [editing]);
  useLiveUpdates(projectPath);
  // The lazy parts' early fetch waits for the first list: it would queue the list's request behind
  // a dozen script requests (a browser opens 6 connections to a server).
  const listArrived = useServerList(projectPath).isFetched;
  useEffect(() => (listArrived ? preloadLazyParts() : undefined), [listArrived]);
  const openEdit = (server: WritableServer, shownProject: string) => {
    editOpener.current = editButtonId(server, shownProject);
    setEditing({ server, projectPath: shownProject });
  };
  // Claude Code refuses every change while a managed config is in control.
  const locked = info.managed !== null;
  const newServer = () => {
    goToView('servers');
    setEditing(null);
    setAdding(true);
  };
  // Discover stays in view beside the sheet: what was chosen and the form side by side.
  const addPrefilled = (fill: Omit<AddFormPrefill, 'id'>) => {
    setEditing(null);
    setPrefill((previous) => ({ ...fill, id: (previous?.id ?? 0) + 1 }));
    setAdding(true);
  };
  useShortcuts({
    onNewServer: locked ? undefined : newServer,
    onPalette: () => {
      setPaletteOpen(true);
    },
  });
  const sheetOpen = adding || editing !== null;
  // Drawn by the server, the page shows before its controls work: busy until hydrated.
  const hydrated = useHydrated();
  return (
    <>
      <SkipLink />
      <PanelHeader
        info={info}
        projectPath={projectPath}
        onProjectChange={setProjectPath}
        actions={
          !locked && (
            <button
              type="button"
              id={NEW_SERVER_ID}
              className="primary new-server"
              aria-keyshortcuts="n"
              onClick={newServer}
            >
              New server
            </button>
          )
        }
        nav={<ViewNav current={view} />}
      />
      <main
        id={MAIN_ID}
        tabIndex={-1}
        className={sheetOpen ? 'panel with-sheet' : 'panel'}
        aria-busy={hydrated ? undefined : true}
      >
        {info.managed !== null && <ManagedBanner path={info.managed.path} />}
        {/* A view stays mounted, hidden, once shown: its checks, search and scroll are there on return. */}
        {VIEWS.filter(({ id }) => id === view.id || shown.includes(id)).map(({ id, Content }) => (
          <div key={id} className="view" hidden={id !== view.id}>
            <Content
              projectPath={projectPath}
              locked={locked}
              onEdit={openEdit}
              onAddPrefilled={addPrefilled}
              onNewServer={newServer}
            />
          </div>
        ))}
        {!locked && (
          <ServerSheet
            projectPath={projectPath}
            adding={adding}
            prefill={prefill}
            editing={editing}
            onEditExisting={openEdit}
            onCloseAdd={() => {
              setAdding(false);
              document.getElementById(NEW_SERVER_ID)?.focus();
            }}
            onCloseEdit={() => {
              setEditing(null);
            }}
          />
        )}
        {paletteOpen && (
          <CommandPalette
            projectPath={projectPath}
            locked={locked}
            onNewServer={newServer}
            onClose={() => {
              setPaletteOpen(false);
            }}
          />
        )}
      </main>
    </>
  );
}
