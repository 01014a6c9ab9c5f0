import type { AddServerInput, UpdateServerInput } from '@mcp-admin/core/schemas';
import { useId, useLayoutEffect, useReducer, useRef, useState, type SubmitEvent } from 'react';
import type { WritableServer } from '../rows';
import { ConfirmSharedFileDialog, sharedFilesOf } from '../ui/ConfirmSharedFileDialog';
import { ErrorAlert } from '../ui/ErrorAlert';
import { useUpdateServer } from './api';
import { addFormReducer, formStateFor } from './form-state';
import { KeychainChoice, secretsInFor, useKeychainChoice } from './KeychainChoice';
import { ServerFields } from './ServerFields';
import { useFormCheck } from './use-form-check';
import { editedFields } from './validate';

interface EditEntryFormProps {
  /** The row's entry, secrets revealed. */
  server: WritableServer;
  /** The project the row was listed for. */
  projectPath: string;
  onSaved: () => void;
  onCancel: () => void;
}

/** The `Edit MCP server` form, filled with one entry and saving with `mcp.update`. */
export function EditEntryForm({ server, projectPath, onSaved, onCancel }: EditEntryFormProps) {
  const id = useId();
  const headingId = `${id}-heading`;
  const nameId = `${id}-name`;
  const [state, dispatch] = useReducer(addFormReducer, server, formStateFor);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormCheck(formRef, state, projectPath);
  // An edit that writes a shared .mcp.json waits here for the user's yes.
  const [confirming, setConfirming] = useState<{ input: UpdateServerInput; files: string[] } | null>(null);
  const update = useUpdateServer(onSaved);
  // A server kept already stays kept; another is offered the keychain as an add is.
  const keychain = useKeychainChoice(server.keychain === undefined ? undefined : true);
  const [keep, setKeep] = useState<boolean | undefined>(undefined);
  const keepChecked = keep ?? keychain.initial;

  // Opening an edit puts the user in its first box, before the paint (see ui/use-focus-after-render.ts).
  useLayoutEffect(() => {
    document.getElementById(nameId)?.focus();
  }, [nameId]);

  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    const checked = form.check();
    if (checked === undefined) return;
    const input = {
      ...updateInput(server, checked, projectPath),
      secretsIn: secretsInFor(checked.scope, keychain.available, keepChecked),
    };
    const files = sharedFilesOf([
      server.scope === 'project' ? server.source : undefined,
      checked.scope === 'project' && server.scope !== 'project' ? `${projectPath}/.mcp.json` : undefined,
    ]);
    if (files.length > 0) setConfirming({ input, files });
    else update.mutate(input);
  };

  return (
    <form ref={formRef} className="card add-form" aria-labelledby={headingId} noValidate onSubmit={onSubmit}>
      <h2 id={headingId}>Edit MCP server</h2>
      <ServerFields id={id} state={state} dispatch={dispatch} errors={form.errors} masked />
      <KeychainChoice
        scope={state.scope}
        available={keychain.available}
        reason={keychain.reason}
        backend={keychain.backend}
        checked={keepChecked}
        onChange={setKeep}
      />
      {update.error !== null && <ErrorAlert message={update.error.message} />}
      <div className="form-footer">
        <button type="submit" className="primary" disabled={update.isPending}>
          Save changes
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
        <p role="status" className="status">
          {update.isPending && 'Saving…'}
        </p>
      </div>
      {confirming !== null && (
        <ConfirmSharedFileDialog
          action={`Saving "${confirming.input.server.name ?? confirming.input.name}"`}
          files={confirming.files}
          onCancel={() => {
            setConfirming(null);
          }}
          onConfirm={() => {
            setConfirming(null);
            update.mutate(confirming.input);
          }}
        />
      )}
    </form>
  );
}

/** The edit of exactly the listed entry (its scope and file), with every field the form has. */
function updateInput(server: WritableServer, input: AddServerInput, projectPath: string): UpdateServerInput {
  const { name, scope, source } = server;
  return {
    name,
    scope,
    projectPath,
    ...(source === undefined ? {} : { source }),
    server: editedFields(input),
  };
}
