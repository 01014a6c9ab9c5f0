import type { AddServerInput, UpdateServerInput } from '@mcp-admin/core/schemas';
import { useEffect, useId, useMemo, useReducer, useRef, useState, type SubmitEvent } from 'react';
import { SCOPES } from '../scopes';
import { useServerList } from '../shared-queries';
import { ConfirmSharedFileDialog, sharedFilesOf } from '../ui/ConfirmSharedFileDialog';
import { ErrorAlert } from '../ui/ErrorAlert';
import type { WritableServer } from '../rows';
import { RadioGroup, type RadioOption } from '../ui/RadioGroup';
import { TextField } from '../ui/TextField';
import { useFocusAfterRender } from '../ui/use-focus-after-render';
import { useAddServer, useUpdateServer } from './api';
import { ArgumentList } from './ArgumentList';
import { nameClash, shadowNote, takenMessage } from './existing-names';
import { addFormReducer, formStateFor, initialAddFormState, type FormTransport } from './form-state';
import { lastScope, rememberScope } from './last-scope';
import { PairList, type PairListLabels } from './PairList';
import { PasteBox } from './PasteBox';
import './add-form.css';
import { editedFields, validateAddForm, type FieldErrors } from './validate';

const TRANSPORTS: readonly RadioOption<FormTransport>[] = [
  { value: 'stdio', label: 'stdio' },
  { value: 'http', label: 'HTTP' },
  { value: 'sse', label: 'SSE' },
];

const ENV_LABELS: PairListLabels = {
  legend: 'Environment',
  hint: 'Set for the command when Claude Code starts it. Values are secrets.',
  noun: 'variable',
  keyLabel: 'Variable name',
  valueLabel: 'Variable value',
  addLabel: 'Add variable',
};

const HEADER_LABELS: PairListLabels = {
  legend: 'Headers',
  hint: 'Sent with every request, e.g. Authorization. Values are secrets.',
  noun: 'header',
  keyLabel: 'Header name',
  valueLabel: 'Header value',
  addLabel: 'Add header',
};

/** A listed entry to edit instead of adding one. */
export interface FormEdit {
  /** The row's entry, secrets revealed. */
  server: WritableServer;
  onSaved: () => void;
  onCancel: () => void;
}

interface AddServerFormProps {
  projectPath: string;
  /** Makes it the `Edit MCP server` form, filled with that entry, saving with `mcp.update`. */
  edit?: FormEdit;
  /** Opens the edit of a listed server (the one whose name the user is typing). */
  onEditExisting?: (server: WritableServer, projectPath: string) => void;
}

/** The `mcp.add` form (or, with `edit`, the `mcp.update` one); it checks everything with mcp-core's schemas before sending. */
export function AddServerForm({ projectPath, edit, onEditExisting }: AddServerFormProps) {
  const id = useId();
  const headingId = `${id}-heading`;
  const formRef = useRef<HTMLFormElement>(null);
  const [state, dispatch] = useReducer(addFormReducer, edit?.server, (server) =>
    server === undefined
      ? { ...initialAddFormState, scope: lastScope() ?? initialAddFormState.scope }
      : formStateFor(server),
  );
  // The list the panel shows (the same cached query): a name already taken is flagged as it is typed.
  const listed = useServerList(projectPath, { enabled: edit === undefined });
  const clash =
    edit === undefined && state.name !== ''
      ? nameClash(listed.data?.servers ?? [], state.name, state.scope)
      : { elsewhere: [] };
  // An edit that writes a shared .mcp.json waits here for the user's yes.
  const [confirming, setConfirming] = useState<{ input: UpdateServerInput; files: string[] } | null>(null);
  // Errors show from the first submit on, then follow the typing so they clear once fixed.
  const [submitted, setSubmitted] = useState(false);
  const errors = useMemo<FieldErrors>(() => {
    if (!submitted) return {};
    const validation = validateAddForm(state, projectPath);
    return validation.ok ? {} : validation.errors;
  }, [state, projectPath, submitted]);
  const [focusRequest, setFocusRequest] = useState(0);
  const focusAfterRender = useFocusAfterRender();
  const nameId = `${id}-name`;
  // What was added is said by the message after each change (with its Undo).
  const add = useAddServer((scope) => {
    rememberScope(scope);
    dispatch({ type: 'reset', scope });
    setSubmitted(false);
    // The field that had focus may be gone with the reset; start the next server from the top.
    focusAfterRender(nameId);
  });
  const update = useUpdateServer(() => {
    edit?.onSaved();
  });
  const change = edit === undefined ? add : update;

  // Opening an edit puts the user in its first box.
  const editing = edit !== undefined;
  useEffect(() => {
    if (editing) document.getElementById(nameId)?.focus();
  }, [editing, nameId]);

  // A counter, not a flag: a second failed submit with nothing changed must still move focus.
  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const validation = validateAddForm(state, projectPath);
    if (!validation.ok || clash.taken !== undefined) {
      setFocusRequest((count) => count + 1);
      return;
    }
    if (edit === undefined) {
      add.mutate(validation.input);
      return;
    }
    const input = updateInput(edit, validation.input, projectPath);
    const files = sharedFilesOf([
      edit.server.scope === 'project' ? edit.server.source : undefined,
      validation.input.scope === 'project' && edit.server.scope !== 'project'
        ? `${projectPath}/.mcp.json`
        : undefined,
    ]);
    if (files.length > 0) setConfirming({ input, files });
    else update.mutate(input);
  };

  return (
    <form ref={formRef} className="card add-form" aria-labelledby={headingId} noValidate onSubmit={onSubmit}>
      <h2 id={headingId}>{edit === undefined ? 'Add MCP server' : 'Edit MCP server'}</h2>
      {edit === undefined && (
        <PasteBox
          onFill={(server) => {
            dispatch({ type: 'fill', server });
          }}
        />
      )}
      <TextField
        id={nameId}
        label="Name"
        hint="Letters, digits, “_” and “-”; not starting with “-”."
        value={state.name}
        error={errors.name ?? (clash.taken === undefined ? undefined : takenMessage(clash.taken))}
        onValueChange={(value) => {
          dispatch({ type: 'set', field: 'name', value });
        }}
      />
      {clash.taken !== undefined && onEditExisting !== undefined && (
        <p className="name-clash">
          <button
            type="button"
            className="secondary small"
            onClick={() => {
              if (clash.taken !== undefined) onEditExisting(clash.taken, projectPath);
            }}
          >
            Edit the existing “{clash.taken.name}”
          </button>
        </p>
      )}
      {clash.taken === undefined && clash.elsewhere.length > 0 && (
        <p className="hint name-clash">{shadowNote(state.name, state.scope, clash.elsewhere)}</p>
      )}
      <RadioGroup
        legend="Scope"
        stacked
        name={`${id}-scope`}
        options={SCOPES.map(({ scope, label, help }) => ({ value: scope, label, help }))}
        value={state.scope}
        onChange={(scope) => {
          dispatch({ type: 'setScope', scope });
        }}
      />
      <RadioGroup
        legend="Transport"
        name={`${id}-transport`}
        options={TRANSPORTS}
        value={state.transport}
        onChange={(transport) => {
          dispatch({ type: 'setTransport', transport });
        }}
      />
      {state.transport === 'stdio' ? (
        <>
          <TextField
            id={`${id}-command`}
            label="Command"
            hint="The program Claude Code starts, e.g. npx or /usr/local/bin/server."
            value={state.command}
            error={errors.command}
            onValueChange={(value) => {
              dispatch({ type: 'set', field: 'command', value });
            }}
          />
          <ArgumentList
            idPrefix={id}
            args={state.args}
            nextId={state.nextId}
            errors={errors}
            dispatch={dispatch}
          />
          <PairList
            idPrefix={id}
            list="env"
            masked={edit !== undefined}
            labels={ENV_LABELS}
            pairs={state.env}
            nextId={state.nextId}
            errors={errors}
            dispatch={dispatch}
          />
        </>
      ) : (
        <>
          <TextField
            id={`${id}-url`}
            label="URL"
            hint="An absolute http:// or https:// address."
            inputMode="url"
            value={state.url}
            error={errors.url}
            onValueChange={(value) => {
              dispatch({ type: 'set', field: 'url', value });
            }}
          />
          <PairList
            idPrefix={id}
            list="headers"
            masked={edit !== undefined}
            labels={HEADER_LABELS}
            pairs={state.headers}
            nextId={state.nextId}
            errors={errors}
            dispatch={dispatch}
          />
        </>
      )}
      {errors.form !== undefined && <p className="field-error">{errors.form}</p>}
      {change.error !== null && <ErrorAlert message={change.error.message} />}
      <div className="form-footer">
        <button type="submit" className="primary" disabled={change.isPending}>
          {edit === undefined ? 'Add server' : 'Save changes'}
        </button>
        {edit !== undefined && (
          <button type="button" className="secondary" onClick={edit.onCancel}>
            Cancel
          </button>
        )}
        <p role="status" className="status">
          {change.isPending && (edit === undefined ? 'Adding…' : 'Saving…')}
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
function updateInput(edit: FormEdit, input: AddServerInput, projectPath: string): UpdateServerInput {
  const { name, scope, source } = edit.server;
  return {
    name,
    scope,
    projectPath,
    ...(source === undefined ? {} : { source }),
    server: editedFields(input),
  };
}
