/**
 * The fields the add and the edit form share, in their tab order: Name (with what the form says
 * under it), Scope, Transport, then the command, its arguments and environment, or the URL and its
 * headers. Both transports' fields stay in the state, so switching back loses nothing.
 */
import type { Dispatch, ReactNode } from 'react';
import { SCOPES } from '../scopes';
import { RadioGroup, type RadioOption } from '../ui/RadioGroup';
import { TextField } from '../ui/TextField';
import { ArgumentList } from './ArgumentList';
import type { AddFormAction, AddFormState, FormTransport } from './form-state';
import { PairList, type PairListLabels } from './PairList';
import './add-form.css';
import type { FieldErrors } from './validate';

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

interface ServerFieldsProps {
  /** The form's own prefix: every field's id starts with it, the name box's is `${id}-name`. */
  id: string;
  state: AddFormState;
  dispatch: Dispatch<AddFormAction>;
  errors: FieldErrors;
  /** The name's error when the form knows one the schemas do not (a name already taken). */
  nameError?: string;
  /** What the form says under the name (the add form: a name taken or shadowed). */
  afterName?: ReactNode;
  /** Values of an existing entry are secrets on screen: env and header values show masked. */
  masked: boolean;
}

export function ServerFields({
  id,
  state,
  dispatch,
  errors,
  nameError,
  afterName,
  masked,
}: ServerFieldsProps) {
  return (
    <>
      <TextField
        id={`${id}-name`}
        label="Name"
        hint="Letters, digits, “_” and “-”; not starting with “-”."
        value={state.name}
        error={errors.name ?? nameError}
        onValueChange={(value) => {
          dispatch({ type: 'set', field: 'name', value });
        }}
      />
      {afterName}
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
            masked={masked}
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
            masked={masked}
            labels={HEADER_LABELS}
            pairs={state.headers}
            nextId={state.nextId}
            errors={errors}
            dispatch={dispatch}
          />
        </>
      )}
      {errors.form !== undefined && <p className="field-error">{errors.form}</p>}
    </>
  );
}
