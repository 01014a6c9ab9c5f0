import { isImportable, outcomeLabel, outcomeTone, type ImportResult } from './import-results';

interface ImportResultsTableProps {
  results: readonly ImportResult[];
  /** The names chosen for import; absent once the import ran (nothing left to choose). */
  checked?: ReadonlySet<string>;
  onToggle?: (name: string, checked: boolean) => void;
}

/** One row per server of the document: whether it is imported, what happened or would happen, and why. */
export function ImportResultsTable({ results, checked, onToggle }: ImportResultsTableProps) {
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
              <td>
                <span className={`note ${outcomeTone(result.outcome)}`}>{outcomeLabel(result.outcome)}</span>
              </td>
              <td className="import-message">{result.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
