import { Dialog } from './Dialog';

interface ConfirmSharedFileDialogProps {
  /** What is about to happen, e.g. `Saving "web"`. */
  action: string;
  /** The `.mcp.json` files it writes. */
  files: readonly string[];
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before a change writes a project's `.mcp.json`, which a team usually commits and shares. */
export function ConfirmSharedFileDialog({
  action,
  files,
  onCancel,
  onConfirm,
}: ConfirmSharedFileDialogProps) {
  return (
    <Dialog title="Change a file your team shares?" onClose={onCancel}>
      <p>
        {action} changes{' '}
        {files.map((file, index) => (
          <span key={file}>
            {index > 0 && ' and '}
            <code className="path">{file}</code>
          </span>
        ))}
        , which is usually committed to the repository: everyone who uses it gets the change.
      </p>
      <div className="dialog-actions">
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="primary" onClick={onConfirm}>
          Change .mcp.json
        </button>
      </div>
    </Dialog>
  );
}

/** The `.mcp.json` files among `files`. */
export function sharedFilesOf(files: readonly (string | undefined)[]): string[] {
  return [...new Set(files)].filter((file) => file !== undefined && file.endsWith('/.mcp.json')) as string[];
}
