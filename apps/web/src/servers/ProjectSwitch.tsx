import type { ServerEntry } from '../trpc';
import { useEffect } from 'react';
import { useSetOnInProject } from './api';
import { projectSwitchWords } from './switch-words';

interface ProjectSwitchProps {
  server: ServerEntry;
  projectPath: string;
  /** The row cannot be acted on now (another project's rows, a managed config). */
  disabled: boolean;
  /** Its last change's failure (null once another starts): said on the row's error line, not here. */
  onFailure: (error: Error | null) => void;
}

/**
 * Rows Claude Code does not load anyway, or whose name a local or project entry takes: its `/mcp`
 * toggle goes by name, so there it would not turn this row off (the server refuses it too).
 */
const NOT_TOGGLED: ReadonlySet<ServerEntry['status']> = new Set([
  'disabled',
  'blocked',
  'overridden',
  'shadowed',
]);

/**
 * A user-scope or read-only row's per-project switch (`mcp.disableInProject` /
 * `mcp.enableInProject`): Claude Code's own `/mcp` toggle, written by Claude Code for this project
 * only; the lasting `Enabled` switch beside it turns a server off in every project.
 */
export function ProjectSwitch({ server, projectPath, disabled, onFailure }: ProjectSwitchProps) {
  const change = useSetOnInProject(server, projectPath);
  const checked =
    (change.isPending ? change.variables : undefined) ?? server.status !== 'disabled-in-project';
  useEffect(() => {
    onFailure(change.error);
  }, [change.error, onFailure]);
  return (
    <div className="enabled-switch">
      <label className="switch">
        <input
          type="checkbox"
          role="switch"
          aria-label={`In this project ${server.name}`}
          aria-busy={change.isPending}
          // Busy, not disabled, while it saves: a disabled switch would drop the focus it has.
          aria-disabled={change.isPending ? true : undefined}
          checked={checked}
          disabled={disabled || NOT_TOGGLED.has(server.status)}
          onChange={(event) => {
            if (!change.isPending) change.mutate(event.target.checked);
          }}
        />
        <span className="hint">{change.isPending ? 'Saving…' : projectSwitchWords(checked)}</span>
      </label>
    </div>
  );
}
