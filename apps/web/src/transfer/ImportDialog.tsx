import { IMPORT_LIMITS, type Scope } from '@mcp-admin/core/schemas';
import { useId, useState } from 'react';
import { Dialog } from '../ui/Dialog';
import { ErrorAlert } from '../ui/ErrorAlert';
import { useImport, usePreviewImport, useReadImportSource } from './api';
import { ImportResultsTable } from './ImportResultsTable';
import { ImportSourceList } from './ImportSourceList';
import { isImportable, summarize, type ImportResult } from './import-results';
import { ScopeChoice } from './ScopeChoice';
import './transfer.css';

/** What the table shows: a preview to choose from, or what the import did. */
type Shown =
  | { kind: 'preview'; results: ImportResult[]; checked: ReadonlySet<string> }
  | { kind: 'imported'; results: ImportResult[] };

interface ImportDialogProps {
  projectPath: string;
  onClose: () => void;
}

/**
 * `Import JSON`: a document pasted, uploaded or loaded from a found source; `Preview` asks the
 * server what each server would do (nothing runs), `Import` runs the checked ones.
 */
export function ImportDialog({ projectPath, onClose }: ImportDialogProps) {
  const id = useId();
  const [json, setJson] = useState('');
  const [scope, setScope] = useState<Scope>('local');
  const [shown, setShown] = useState<Shown | null>(null);
  const [origin, setOrigin] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [loadingSource, setLoadingSource] = useState(false);
  const readImportSource = useReadImportSource();
  const preview = usePreviewImport((results) => {
    setShown({
      kind: 'preview',
      results,
      checked: new Set(results.filter(isImportable).map(({ name }) => name)),
    });
  });
  const importChecked = useImport((results) => {
    setShown({ kind: 'imported', results });
  });
  const pending = preview.isPending || importChecked.isPending || loadingSource;
  const error = loadError ?? preview.error?.message ?? importChecked.error?.message;

  // A preview holds for one text and one target: a change to either asks for a new one.
  const resetResults = () => {
    setShown(null);
    setLoadError(null);
    preview.reset();
    importChecked.reset();
  };
  const replaceDocument = (text: string, from: string | null) => {
    resetResults();
    setJson(text);
    setOrigin(from);
  };

  const readFile = async (file: File) => {
    if (file.size > IMPORT_LIMITS.json) {
      resetResults();
      setLoadError(`${file.name} is larger than ${IMPORT_LIMITS.json} bytes, more than one import takes.`);
      return;
    }
    replaceDocument(await file.text(), file.name);
  };

  // Asked for with its secret values: the import needs them to store the servers whole.
  const loadSource = async (path: string, label: string) => {
    setLoadingSource(true);
    try {
      const source = await readImportSource(path);
      replaceDocument(source.json, label);
    } catch (caught) {
      resetResults();
      setLoadError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setLoadingSource(false);
    }
  };

  const input = { json, scope, projectPath };
  const checked = shown?.kind === 'preview' ? shown.checked : undefined;

  return (
    <Dialog title="Import JSON" onClose={onClose} size="wide">
      <div className="transfer-body">
        <p className="hint">
          A Claude Desktop or .mcp.json document, {'{ "mcpServers": { … } }'}, or servers by name. Each one is
          checked with the rules of the add form and added whole, with its OAuth and timeout settings.
        </p>
        <ImportSourceList
          loading={pending}
          onLoad={(source) => {
            void loadSource(source.path, source.label);
          }}
        />
        <div className="field">
          <label htmlFor={`${id}-file`}>Upload a file</label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".json,application/json"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file !== undefined) void readFile(file);
              // Choosing the same file again (after editing it) must read it again.
              event.target.value = '';
            }}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-json`}>JSON</label>
          <textarea
            id={`${id}-json`}
            className="json-text"
            rows={10}
            spellCheck={false}
            value={json}
            aria-describedby={origin === null ? undefined : `${id}-origin`}
            onChange={(event) => {
              replaceDocument(event.target.value, null);
            }}
          />
          {origin !== null && (
            <p id={`${id}-origin`} className="hint">
              Loaded from {origin}.
            </p>
          )}
        </div>
        <ScopeChoice
          legend="Import into"
          scope={scope}
          projectPath={projectPath}
          onChange={(value) => {
            resetResults();
            setScope(value);
          }}
        />
        {error !== undefined && <ErrorAlert message={error} />}
        {shown !== null && (
          <ImportResultsTable
            results={shown.results}
            checked={checked}
            onToggle={(name, isChecked) => {
              if (shown.kind !== 'preview') return;
              const next = new Set(shown.checked);
              if (isChecked) next.add(name);
              else next.delete(name);
              setShown({ ...shown, checked: next });
            }}
          />
        )}
        <p role="status" className="status">
          {preview.isPending && 'Checking…'}
          {importChecked.isPending && 'Importing…'}
          {!pending && shown !== null && summarize(shown.results)}
        </p>
        <div className="dialog-actions">
          <button type="button" className="secondary" onClick={onClose}>
            Close
          </button>
          <button
            type="button"
            className="secondary"
            disabled={pending || json.trim() === ''}
            onClick={() => {
              preview.mutate({ ...input, dryRun: true });
            }}
          >
            Preview
          </button>
          <button
            type="button"
            className="primary"
            disabled={pending || checked === undefined || checked.size === 0}
            onClick={() => {
              importChecked.mutate({ ...input, only: [...(checked ?? [])] });
            }}
          >
            Import
          </button>
        </div>
      </div>
    </Dialog>
  );
}
