import { useEffect, useId, useMemo, useReducer, useRef, useState, type SubmitEvent } from 'react';
import { SCOPES } from '../scopes';
import { trpc } from '../trpc';
import { ErrorAlert } from '../ui/ErrorAlert';
import { RadioGroup, type RadioOption } from '../ui/RadioGroup';
import { TextField } from '../ui/TextField';
import { useFocusAfterRender } from '../ui/use-focus-after-render';
import { ArgumentList } from './ArgumentList';
import { addFormReducer, initialAddFormState, type FormTransport } from './form-state';
import { PairList, type PairListLabels } from './PairList';
import { validateAddForm, type FieldErrors } from './validate';

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

/** The `mcp.add` form; it checks everything with mcp-core's schemas before sending. */
export function AddServerForm({ projectPath }: { projectPath: string }) {
  const id = useId();
  const headingId = `${id}-heading`;
  const formRef = useRef<HTMLFormElement>(null);
  const [state, dispatch] = useReducer(addFormReducer, initialAddFormState);
  // Errors show from the first submit on, then follow the typing so they clear once fixed.
  const [submitted, setSubmitted] = useState(false);
  const errors = useMemo<FieldErrors>(() => {
    if (!submitted) return {};
    const validation = validateAddForm(state, projectPath);
    return validation.ok ? {} : validation.errors;
  }, [state, projectPath, submitted]);
  const [focusRequest, setFocusRequest] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const focusAfterRender = useFocusAfterRender();
  const nameId = `${id}-name`;
  const utils = trpc.useUtils();
  const add = trpc.mcp.add.useMutation({
    onSuccess: async (result) => {
      dispatch({ type: 'reset' });
      setSubmitted(false);
      // The field that had focus may be gone with the reset; start the next server from the top.
      focusAfterRender(nameId);
      // The CLI's first line says what was added and where; the rest repeats the details.
      setNotice(result.message.split('\n')[0] ?? result.message);
      await Promise.all([utils.mcp.list.invalidate(), utils.mcp.projects.invalidate()]);
    },
  });

  // A counter, not a flag: a second failed submit with nothing changed must still move focus.
  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setNotice(null);
    const validation = validateAddForm(state, projectPath);
    if (!validation.ok) {
      setFocusRequest((count) => count + 1);
      return;
    }
    add.mutate(validation.input);
  };

  return (
    <form ref={formRef} className="card add-form" aria-labelledby={headingId} noValidate onSubmit={onSubmit}>
      <h2 id={headingId}>Add MCP server</h2>
      <TextField
        id={nameId}
        label="Name"
        hint="Letters, digits, “_” and “-”; not starting with “-”."
        value={state.name}
        error={errors.name}
        onValueChange={(value) => {
          dispatch({ type: 'set', field: 'name', value });
        }}
      />
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
            labels={HEADER_LABELS}
            pairs={state.headers}
            nextId={state.nextId}
            errors={errors}
            dispatch={dispatch}
          />
        </>
      )}
      {errors.form !== undefined && <p className="field-error">{errors.form}</p>}
      {add.error !== null && <ErrorAlert message={add.error.message} />}
      <div className="form-footer">
        <button type="submit" className="primary" disabled={add.isPending}>
          Add server
        </button>
        <p role="status" className="status">
          {add.isPending ? 'Adding…' : notice}
        </p>
      </div>
    </form>
  );
}
