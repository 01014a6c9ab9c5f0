import { ErrorAlert } from '../ui/ErrorAlert';
import { useSetEnabled } from './api';
import { isSwitchedOn } from './row-display';
import type { WritableServer } from '../rows';
import { lastingSwitchWords } from './switch-words';

interface EnabledSwitchProps {
  server: WritableServer;
  projectPath: string;
  /** The row cannot be acted on now (another project's rows, a managed config). */
  disabled: boolean;
}

/**
 * A row's lasting on/off switch (`mcp.disable` / `mcp.enable`). While the change runs it shows the
 * state asked for, busy; a failure shows the server's message and the switch falls back.
 */
export function EnabledSwitch({ server, projectPath, disabled }: EnabledSwitchProps) {
  const change = useSetEnabled(server, projectPath);
  const checked = (change.isPending ? change.variables : undefined) ?? isSwitchedOn(server);
  return (
    <div className="enabled-switch">
      <label className="switch">
        <input
          type="checkbox"
          role="switch"
          aria-label={`Enabled ${server.name}`}
          aria-busy={change.isPending}
          checked={checked}
          disabled={disabled || change.isPending}
          onChange={(event) => {
            change.mutate(event.target.checked);
          }}
        />
        {/* The row's answer says what the switch did (an approval waiting for trust too); a user-scope
            server's switch is said beside its per-project one. */}
        <span className={change.isPending || server.scope === 'user' ? 'hint' : 'visually-hidden'}>
          {change.isPending ? 'Saving…' : lastingSwitchWords(server, checked)}
        </span>
      </label>
      {change.error !== null && <ErrorAlert message={change.error.message} />}
    </div>
  );
}
