import { useState } from 'react';
import { AddServerForm } from './add-form/AddServerForm';
import { PanelHeader } from './layout/PanelHeader';
import { SignInHint } from './layout/SignInHint';
import { ServersSection } from './servers/ServersSection';
import { trpc, type SystemInfo } from './trpc';
import { ErrorAlert } from './ui/ErrorAlert';
import { useLiveUpdates } from './use-live-updates';

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
        <ServersSection projectPath={projectPath} />
        <AddServerForm projectPath={projectPath} />
      </main>
    </>
  );
}
