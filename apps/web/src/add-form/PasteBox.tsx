import { useState, type ClipboardEvent } from 'react';
import { parsePasted, type Pasted, type PastedServer } from './paste/parse-pasted';

/**
 * Where a command copied from a README goes: a command line, a `claude mcp add …` line or a JSON
 * entry fills the form below. It is only read, never run.
 */
export function PasteBox({ id, onFill }: { id: string; onFill: (server: PastedServer) => void }) {
  const [text, setText] = useState('');
  const [outcome, setOutcome] = useState<Pasted | null>(null);
  const fill = (value: string) => {
    const read = parsePasted(value);
    setOutcome(read);
    if (read.ok) onFill(read.server);
  };
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="field paste-box">
      <label htmlFor={id}>Paste a command or JSON</label>
      <textarea
        id={id}
        rows={2}
        value={text}
        spellCheck={false}
        placeholder="npx -y @modelcontextprotocol/server-filesystem /tmp"
        aria-invalid={outcome?.ok === false ? true : undefined}
        aria-describedby={outcome?.ok === false ? `${hintId} ${errorId}` : hintId}
        onChange={(event) => {
          setText(event.target.value);
          setOutcome(null);
        }}
        onPaste={(event: ClipboardEvent<HTMLTextAreaElement>) => {
          // What was pasted into an empty box fills the form at once; an edit waits for the button.
          const pasted = event.clipboardData.getData('text');
          if (text.trim() === '' && pasted.trim() !== '') {
            event.preventDefault();
            setText(pasted);
            fill(pasted);
          }
        }}
      />
      <p id={hintId} className="hint">
        A command line, a <code>claude mcp add</code> line or a JSON entry fills the fields below. Nothing is
        run.
      </p>
      <div className="paste-actions">
        <button
          type="button"
          className="secondary small"
          onClick={() => {
            fill(text);
          }}
        >
          Fill the form
        </button>
        <p className="status" aria-live="polite">
          {outcome?.ok === true && filledText(outcome)}
        </p>
      </div>
      {outcome?.ok === false && (
        <p id={errorId} className="field-error">
          {outcome.error}
        </p>
      )}
    </div>
  );
}

function filledText(outcome: Extract<Pasted, { ok: true }>): string {
  const left = outcome.ignored.length === 0 ? '' : ` Left out (no box here): ${outcome.ignored.join(', ')}.`;
  return `Filled from ${outcome.kind}: check the fields, then add.${left}`;
}
