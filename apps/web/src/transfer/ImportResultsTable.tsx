import { useState } from 'react';
import { focusWhenShown } from '../ui/focus-when-shown';
import {
  isImportable,
  meetsStoredEntry,
  outcomeLabel,
  outcomeTone,
  type ImportResult,
} from './import-results';

/** What the user chose for the previewed servers: names to import as, and entries to replace. */
export interface ImportChoices {
  renames: Readonly<Record<string, string>>;
  replace: ReadonlySet<string>;
}

interface ImportResultsTableProps {
  results: readonly ImportResult[];
  /** The names chosen for import; absent once the import ran (nothing left to choose). */
  checked?: ReadonlySet<string>;
  onToggle?: (name: string, checked: boolean) => void;
  /** The preview's choices and how to change them; absent once the import ran. */
  choices?: ImportChoices;
  onReplace?: (name: string, replace: boolean) => void;
  /** A new name to import `name` as; undefined takes the document's name back. */
  onRename?: (name: string, importAs: string | undefined) => void;
}

/** One row per server of the document: whether it is imported, what happened or would happen, and why. */
export function ImportResultsTable({
  results,
  checked,
  onToggle,
  choices,
  onReplace,
  onRename,
}: ImportResultsTableProps) {
  return (
    <div className="table-wrap">
      <table className="import-table">
        <thead>
          <tr>
            {checked !== undefined && (
              <th scope="col">
                <span className="visually-hidden">Import</span>
              </th>
            )}
            <th scope="col">Name</th>
            <th scope="col">Result</th>
            <th scope="col">Details</th>
            {choices !== undefined && (
              <th scope="col">
                <span className="visually-hidden">Choices</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {results.map((result) => (
            <tr key={result.name}>
              {checked !== undefined && (
                <td>
                  <input
                    type="checkbox"
                    aria-label={`Import ${result.name}`}
                    checked={checked.has(result.name)}
                    disabled={!isImportable(result)}
                    onChange={(event) => {
                      onToggle?.(result.name, event.target.checked);
                    }}
                  />
                </td>
              )}
              <th scope="row" className="name-cell">
                {result.name}
              </th>
              <td className="import-outcome">
                <span className={`note ${outcomeTone(result)}`}>{outcomeLabel(result)}</span>
              </td>
              <td className="import-message">
                {result.importedAs !== undefined && (
                  <span className="imported-as">
                    As <code>{result.importedAs}</code>.{' '}
                  </span>
                )}
                {result.message}
              </td>
              {choices !== undefined && (
                <td className="import-choices">
                  <RowChoices result={result} choices={choices} onReplace={onReplace} onRename={onRename} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface RowChoicesProps {
  result: ImportResult;
  choices: ImportChoices;
  onReplace: ((name: string, replace: boolean) => void) | undefined;
  onRename: ((name: string, importAs: string | undefined) => void) | undefined;
}

/** Replace the stored entry it meets, or import it under another name (typed in place). */
function RowChoices({ result, choices, onReplace, onRename }: RowChoicesProps) {
  const { name } = result;
  const renamedTo = choices.renames[name];
  const [draft, setDraft] = useState<string | null>(null);
  const replacing = choices.replace.has(name);
  const renameId = `import-rename ${name}`;
  // The box goes with Enter or Escape: focus goes to the Rename button it replaced, not to the page
  // (a frame later, once the box is gone; again if the new preview draws the row anew).
  const closeDraft = () => {
    setDraft(null);
    requestAnimationFrame(() => {
      focusWhenShown(renameId);
    });
  };
  if (draft !== null) {
    return (
      <form
        className="rename-form"
        onSubmit={(event) => {
          event.preventDefault();
          const importAs = draft.trim();
          onRename?.(name, importAs === '' || importAs === name ? undefined : importAs);
          closeDraft();
        }}
      >
        <input
          aria-label={`New name for ${name}`}
          value={draft}
          // The box replaces the Rename button that had focus: typing goes on there.
          autoFocus
          spellCheck={false}
          onChange={(event) => {
            setDraft(event.target.value);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              closeDraft();
            }
          }}
        />
        <button type="submit" className="secondary small">
          Apply
        </button>
      </form>
    );
  }
  return (
    <div className="row-choices">
      {(meetsStoredEntry(result) || replacing) && (
        <button
          type="button"
          className="secondary small"
          aria-pressed={replacing}
          aria-label={`Replace ${name}`}
          onClick={() => {
            onReplace?.(name, !replacing);
          }}
        >
          Replace
        </button>
      )}
      <button
        type="button"
        className="secondary small"
        id={renameId}
        aria-label={`Rename ${name}`}
        onClick={() => {
          setDraft(renamedTo ?? name);
        }}
      >
        Rename
      </button>
    </div>
  );
}
