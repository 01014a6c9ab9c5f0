import type { ServerEntry } from '../trpc';
import { EnabledSwitch } from './EnabledSwitch';
import { ProjectSwitch } from './ProjectSwitch';
import { isWritable } from '../rows';

interface RowSwitchesProps {
  server: ServerEntry;
  projectPath: string;
  disabled: boolean;
  onEnabledFailure: (error: Error | null) => void;
  onProjectFailure: (error: Error | null) => void;
}

/** Claude Code's per-project toggle goes by name: it is offered for user-scope and read-only rows. */
const PER_PROJECT_SCOPES: ReadonlySet<ServerEntry['scope']> = new Set(['user', 'plugin', 'managed']);

/** A row's switches: the lasting one of a row MCP Admin writes, and the per-project one where it applies. */
export function RowSwitches({
  server,
  projectPath,
  disabled,
  onEnabledFailure,
  onProjectFailure,
}: RowSwitchesProps) {
  return (
    <div className="row-switches">
      {isWritable(server) && (
        <EnabledSwitch
          server={server}
          projectPath={projectPath}
          disabled={disabled}
          onFailure={onEnabledFailure}
        />
      )}
      {PER_PROJECT_SCOPES.has(server.scope) && (
        <ProjectSwitch
          server={server}
          projectPath={projectPath}
          disabled={disabled}
          onFailure={onProjectFailure}
        />
      )}
    </div>
  );
}
