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
  const [placeholders, setPlaceholders] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [copyError, setCopyError] = useState<string | null>(null);
  // Not kept once the dialog closes: a revealed document holds secrets.
  const exported = useExport(scope, projectPath, reveal, placeholders);
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
        {/* At most one of the two: a document holds the secrets or their placeholders. */}
        <SecretsSwitch
          label="Include secret values"
          on={reveal}
          onChange={(on) => {
            changeSettings();
            setReveal(on);
            if (on) setPlaceholders(false);
          }}
        />
        <SecretsSwitch
          label={'Write secrets as ${VAR} placeholders'}
          on={placeholders}
          onChange={(on) => {
            changeSettings();
            setPlaceholders(on);
            if (on) setReveal(false);
          }}
        />
        {!reveal && !placeholders && (
          <p className="hint">
            Secrets show as •••••• and cannot be imported back: include them, or write placeholders to share.
          </p>
        )}
        {placeholders && <PlaceholderList placeholders={exported.data?.placeholders ?? []} />}
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

/** The variables a placeholder export needs, set where Claude Code runs before it starts the servers. */
function PlaceholderList({
  placeholders,
}: {
  placeholders: readonly { variable: string; server: string; field: string }[];
}) {
  if (placeholders.length === 0)
    return <p className="hint">No secrets: the document imports back as it is.</p>;
  return (
    <div className="hint">
      <p>Set these variables where Claude Code runs; it fills them in when it starts each server:</p>
      <ul aria-label="Variables to set" className="placeholder-list">
        {placeholders.map(({ variable, server, field }) => (
          <li key={variable}>
            <code>{variable}</code> — {server}, {field}
          </li>
        ))}
      </ul>
    </div>
  );
}

function SecretsSwitch({
  label,
  on,
  onChange,
}: {
  label: string;
  on: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className="switch">
      <input
        type="checkbox"
        role="switch"
        checked={on}
        onChange={(event) => {
          onChange(event.target.checked);
        }}
      />
      <span>{label}</span>
    </label>
  );
}
