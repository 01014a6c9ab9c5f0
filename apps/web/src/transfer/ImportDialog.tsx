import { IMPORT_LIMITS, type Scope } from '@mcp-admin/core/schemas';
import { useId, useState } from 'react';
import { Dialog } from '../ui/Dialog';
import { ErrorAlert } from '../ui/ErrorAlert';
import { useImport, usePreviewImport, useReadImportSource } from './api';
import { ImportResultsTable, type ImportChoices } from './ImportResultsTable';
import { ImportSourceList } from './ImportSourceList';
import { isImportable, summarize, type ImportResult } from './import-results';
import { ScopeChoice } from './ScopeChoice';
import './transfer.css';

const NO_CHOICES: ImportChoices = { renames: {}, replace: new Set() };

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
  const [choices, setChoices] = useState<ImportChoices>(NO_CHOICES);
  const readImportSource = useReadImportSource();
  const preview = usePreviewImport((results) => {
    // A server the user skipped stays skipped when a choice asks for the preview again.
    setShown((before) => {
      const skipped = (name: string) =>
        before?.kind === 'preview' &&
        before.results.some((result) => result.name === name && isImportable(result)) &&
        !before.checked.has(name);
      const importable = results.filter((result) => isImportable(result) && !skipped(result.name));
      return { kind: 'preview', results, checked: new Set(importable.map(({ name }) => name)) };
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
    setChoices(NO_CHOICES);
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
  const loadSource = async ({ path, label, kind }: { path: string; label: string; kind: string }) => {
    setLoadingSource(true);
    try {
      const source = await readImportSource(path);
      replaceDocument(source.json, label);
      // Claude Desktop's servers serve the user everywhere: they go to User scope unless chosen otherwise.
      if (kind === 'desktop') setScope('user');
    } catch (caught) {
      resetResults();
      setLoadError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setLoadingSource(false);
    }
  };

  const input = {
    json,
    scope,
    projectPath,
    ...(Object.keys(choices.renames).length === 0 ? {} : { renames: { ...choices.renames } }),
    ...(choices.replace.size === 0 ? {} : { replace: [...choices.replace] }),
  };
  const checked = shown?.kind === 'preview' ? shown.checked : undefined;
  // A choice changes what the import does: the preview is asked again with it.
  const choose = (next: ImportChoices) => {
    setChoices(next);
    preview.mutate({
      ...input,
      renames: { ...next.renames },
      replace: [...next.replace],
      dryRun: true,
    });
  };

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
            void loadSource(source);
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
            {...(shown.kind === 'preview' && {
              choices,
              onReplace: (name: string, replace: boolean) => {
                const next = new Set(choices.replace);
                if (replace) next.add(name);
                else next.delete(name);
                choose({ ...choices, replace: next });
              },
              onRename: (name: string, importAs: string | undefined) => {
                const renames = Object.fromEntries(
                  Object.entries(choices.renames).filter(([from]) => from !== name),
                );
                choose({
                  ...choices,
                  renames: importAs === undefined ? renames : { ...renames, [name]: importAs },
                });
              },
            })}
          />
        )}
        <p role="status" className="status">
          {preview.isPending && 'Checking…'}
          {importChecked.isPending && 'Importing…'}
          {!pending && shown !== null && summarize(shown.results)}
        </p>
        <div className="dialog-actions sticky-actions">
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
