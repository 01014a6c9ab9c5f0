import { useEffect } from 'react';
import { useSetEnabled } from './api';
import { isSwitchedOn } from './row-display';
import type { WritableServer } from '../rows';
import { lastingSwitchWords } from './switch-words';

interface EnabledSwitchProps {
  server: WritableServer;
  projectPath: string;
  /** The row cannot be acted on now (another project's rows, a managed config). */
  disabled: boolean;
  /** Its last change's failure (null once another starts): said on the row's error line, not here. */
  onFailure: (error: Error | null) => void;
}

/**
 * A row's lasting on/off switch (`mcp.disable` / `mcp.enable`). While the change runs it shows the
 * state asked for, busy (and keeps focus); a failure is said under the row and the switch falls back.
 */
export function EnabledSwitch({ server, projectPath, disabled, onFailure }: EnabledSwitchProps) {
  const change = useSetEnabled(server, projectPath);
  const checked = (change.isPending ? change.variables : undefined) ?? isSwitchedOn(server);
  useEffect(() => {
    onFailure(change.error);
  }, [change.error, onFailure]);
  return (
    <div className="enabled-switch">
      <label className="switch">
        <input
          type="checkbox"
          role="switch"
          aria-label={`Enabled ${server.name}`}
          aria-busy={change.isPending}
          // Busy, not disabled, while it saves: a disabled switch would drop the focus it has.
          aria-disabled={change.isPending ? true : undefined}
          checked={checked}
          disabled={disabled}
          onChange={(event) => {
            if (!change.isPending) change.mutate(event.target.checked);
          }}
        />
        {/* The row's answer says what the switch did (an approval waiting for trust too); a user-scope
            server's switch is said beside its per-project one. */}
        <span className={change.isPending || server.scope === 'user' ? 'hint' : 'visually-hidden'}>
          {change.isPending ? 'Saving…' : lastingSwitchWords(server, checked)}
        </span>
      </label>
    </div>
  );
}
