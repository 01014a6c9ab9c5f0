import { useEffect } from 'react';
import { useSetEnabled } from './api';
import { isSwitchedOn } from './row-display';
import type { WritableServer } from '../rows';
import { lastingSwitchWords } from './switch-words';

/** The switch that had focus when its change started, and when: its row may be drawn anew once the change lands. */
let focusedSwitch: { id: string; at: number } | undefined;
/** Past this a switch drawn again is another visit to the view, not the change's new row. */
const REFOCUS_WITHIN_MS = 30_000;

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
  // Turned off, the entry moves to MCP Admin's stash and its row is drawn anew: the id follows the server, not the row.
  const id = `enabled-${encodeURIComponent(JSON.stringify([projectPath, server.scope, server.name]))}`;
  useEffect(() => {
    // Drawn anew after a change from this switch that had focus, and focus fell to the page: it is here again.
    const element = document.getElementById(id);
    if (focusedSwitch?.id !== id) return;
    const recent = Date.now() - focusedSwitch.at < REFOCUS_WITHIN_MS;
    focusedSwitch = undefined;
    if (recent && element !== null && (document.activeElement ?? document.body) === document.body)
      element.focus();
  }, [id]);
  useEffect(() => {
    onFailure(change.error);
  }, [change.error, onFailure]);
  return (
    <div className="enabled-switch">
      <label className="switch">
        <input
          type="checkbox"
          role="switch"
          id={id}
          aria-label={`Enabled ${server.name}`}
          aria-busy={change.isPending}
          // Busy, not disabled, while it saves: a disabled switch would drop the focus it has.
          aria-disabled={change.isPending ? true : undefined}
          checked={checked}
          disabled={disabled}
          onChange={(event) => {
            if (change.isPending) return;
            if (document.activeElement === event.target) focusedSwitch = { id, at: Date.now() };
            change.mutate(event.target.checked);
          }}
        />
        {/* Said beside the switch in every row: the switches' column holds their words, not a gap. */}
        <span className="hint">{change.isPending ? 'Saving…' : lastingSwitchWords(server, checked)}</span>
      </label>
    </div>
  );
}
