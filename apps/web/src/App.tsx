import { lazy, Suspense, useState } from 'react';
import { AddFormPlaceholder } from './add-form/AddFormPlaceholder';
import { ManagedBanner } from './layout/ManagedBanner';
import { PanelHeader } from './layout/PanelHeader';
import { SignInHint } from './layout/SignInHint';
import { ServersSection } from './servers/ServersSection';
import { TransferBar } from './transfer/TransferBar';
import { trpc, type SystemInfo } from './trpc';
import { ErrorAlert } from './ui/ErrorAlert';
import { useLiveUpdates } from './use-live-updates';

// The form validates with mcp-core's zod schemas, most of the panel's code: the list paints without them.
const AddServerForm = lazy(async () => {
  const module = await import('./add-form/AddServerForm');
  return { default: module.AddServerForm };
});

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
  useLiveUpdates(projectPath);
  return (
    <>
      <PanelHeader info={info} projectPath={projectPath} onProjectChange={setProjectPath} />
      <main className="panel">
        {info.managed !== null && <ManagedBanner path={info.managed.path} />}
        <ServersSection projectPath={projectPath} locked={info.managed !== null} />
        <div className="side-column">
          {/* Claude Code refuses every add while a managed config is in control. */}
          {info.managed === null && (
            <Suspense fallback={<AddFormPlaceholder />}>
              <AddServerForm projectPath={projectPath} />
            </Suspense>
          )}
          <TransferBar projectPath={projectPath} />
        </div>
      </main>
    </>
  );
}
