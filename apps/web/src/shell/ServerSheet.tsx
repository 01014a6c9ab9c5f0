import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { AddServerForm, EditServerForm, type AddFormPrefill } from '../add-form';
import { rowKey, type WritableServer } from '../rows';
import { focusOnceDrawn } from '../ui/view-url';

/** The row being edited, with the project it was listed for. */
export interface Editing {
  server: WritableServer;
  projectPath: string;
}

interface ServerSheetProps {
  projectPath: string;
  /** `New server` was pressed and the add form not closed since. */
  adding: boolean;
  /** What the add form was last asked to be filled with (Discover's `Add <name>`). */
  prefill: AddFormPrefill | null;
  editing: Editing | null;
  onEditExisting: (server: WritableServer, projectPath: string) => void;
  onCloseAdd: () => void;
  onCloseEdit: () => void;
}

/**
 * The add and edit forms, in a sheet beside the view (above it on narrow screens) while one is
 * open: the list keeps the whole width the rest of the time. The add form stays mounted once
 * opened, hidden while closed or while an edit is open, so what was typed into it stays.
 */
export function ServerSheet({
  projectPath,
  adding,
  prefill,
  editing,
  onEditExisting,
  onCloseAdd,
  onCloseEdit,
}: ServerSheetProps) {
  const sheet = useRef<HTMLDivElement>(null);
  const [addMounted, setAddMounted] = useState(adding);
  if (adding && !addMounted) setAddMounted(true);
  const open = adding || editing !== null;
  // Opening the add form puts the user in its first box, the paste box, or the first value a
  // prefilled entry needs (not an edit closing: focus goes back to the row's Edit then).
  useEffect(() => {
    if (!adding) return;
    focusOnceDrawn(
      () =>
        sheet.current?.querySelector<HTMLElement>('.add-form [data-first-field]') ??
        sheet.current?.querySelector<HTMLElement>('.add-form textarea') ??
        null,
    );
  }, [adding]);
  const onKeyDown = (event: KeyboardEvent) => {
    // Escape closes what is shown, unless a box inside used it (the search, a rename) or a dialog is open.
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    if (document.querySelector('dialog[open]') !== null) return;
    event.preventDefault();
    if (editing !== null) onCloseEdit();
    else onCloseAdd();
  };
  return (
    <div ref={sheet} className="server-sheet" hidden={!open} onKeyDown={onKeyDown}>
      {addMounted && (
        <div hidden={editing !== null} className="sheet-body">
          <button type="button" className="secondary small sheet-close" onClick={onCloseAdd}>
            Close
          </button>
          <AddServerForm projectPath={projectPath} onEditExisting={onEditExisting} prefill={prefill} />
        </div>
      )}
      {editing !== null && (
        <EditServerForm
          key={rowKey(editing.server, editing.projectPath)}
          server={editing.server}
          projectPath={editing.projectPath}
          onClose={onCloseEdit}
        />
      )}
    </div>
  );
}
