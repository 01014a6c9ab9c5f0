import type { Scope } from '@mcp-admin/core/schemas';
import { useId, useState } from 'react';
import { Dialog } from '../ui/Dialog';
import { ErrorAlert } from '../ui/ErrorAlert';
import { useExport } from './api';
import { saveTextFile } from './save-file';
import { ScopeChoice } from './ScopeChoice';
import './transfer.css';

interface ExportDialogProps {
  projectPath: string;
  onClose: () => void;
}

/** `Export`: one scope's servers as a `.mcp.json` document, to copy or download. */
export function ExportDialog({ projectPath, onClose }: ExportDialogProps) {
  const id = useId();
  const [scope, setScope] = useState<Scope>('local');
  const [reveal, setReveal] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [copyError, setCopyError] = useState<string | null>(null);
  // Not kept once the dialog closes: a revealed document holds secrets.
  const exported = useExport(scope, projectPath, reveal);
  const json = exported.data?.json;
  const changeSettings = () => {
    setNotice(null);
    setCopyError(null);
  };

  return (
    <Dialog title="Export servers" onClose={onClose} size="wide">
      <div className="transfer-body">
        <ScopeChoice
          legend="Scope"
          scope={scope}
          projectPath={projectPath}
          onChange={(value) => {
            changeSettings();
            setScope(value);
          }}
        />
        <label className="switch">
          <input
            type="checkbox"
            role="switch"
            checked={reveal}
            onChange={(event) => {
              changeSettings();
              setReveal(event.target.checked);
            }}
          />
          <span>Include secret values</span>
        </label>
        {!reveal && (
          <p className="hint">Env and header values show as •••••• and cannot be imported back as secrets.</p>
        )}
        <div className="field">
          <label htmlFor={`${id}-json`}>Exported JSON</label>
          <textarea
            id={`${id}-json`}
            className="json-text"
            rows={12}
            readOnly
            spellCheck={false}
            value={json ?? ''}
            aria-busy={exported.isFetching}
          />
        </div>
        {exported.error !== null && <ErrorAlert message={exported.error.message} />}
        {copyError !== null && <ErrorAlert message={copyError} />}
        <p role="status" className="status">
          {exported.isFetching ? 'Reading…' : notice}
        </p>
        <div className="dialog-actions">
          <button type="button" className="secondary" onClick={onClose}>
            Close
          </button>
          <button
            type="button"
            className="secondary"
            disabled={json === undefined}
            onClick={() => {
              if (json === undefined) return;
              changeSettings();
              navigator.clipboard.writeText(json).then(
                () => {
                  setNotice('Copied to the clipboard.');
                },
                (reason: unknown) => {
                  setCopyError(
                    `Could not copy (${reason instanceof Error ? reason.message : String(reason)}): select the text and copy it instead.`,
                  );
                },
              );
            }}
          >
            Copy
          </button>
          <button
            type="button"
            className="primary"
            disabled={json === undefined}
            onClick={() => {
              if (json === undefined) return;
              changeSettings();
              saveTextFile(`mcp-servers-${scope}.json`, json);
              setNotice(`Saved as mcp-servers-${scope}.json.`);
            }}
          >
            Download
          </button>
        </div>
      </div>
    </Dialog>
  );
}
