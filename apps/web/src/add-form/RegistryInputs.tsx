import { SecretInput } from '../ui/SecretInput';
import { TextInput } from '../ui/TextInput';
import type { PrefillInput } from './prefill';

/** The values typed for a registry entry's inputs, by input name. */
export type InputValues = Readonly<Record<string, string>>;

/** Each input's starting value: its default, filled in (a secret's never: it has none to show). */
export function initialInputValues(inputs: readonly PrefillInput[]): InputValues {
  return Object.fromEntries(inputs.map((input) => [input.name, input.isSecret ? '' : (input.default ?? '')]));
}

/** What the entry is asked for with: the values typed, an empty one left to the registry's own rule. */
export function givenValues(values: InputValues): InputValues {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));
}

/** The message of each required input left empty, by input name: the server cannot start without it. */
export function missingInputs(inputs: readonly PrefillInput[], values: InputValues): Record<string, string> {
  return Object.fromEntries(
    inputs
      .filter((input) => input.isRequired && (values[input.name] ?? '').trim() === '')
      .map((input) => [
        input.name,
        `${input.name} is required: the server cannot start without it. Type its value, or ${input.reference} to have Claude Code take it from its environment.`,
      ]),
  );
}

/** The id of an input's field: the form's id and the input's place (a name may hold any character). */
export function inputFieldId(formId: string, index: number): string {
  return `${formId}-input-${String(index)}`;
}

/**
 * One field per input the registry entry declares, labelled by the input's own name, its
 * description as its hint: a password box for a secret, a choice list where it has choices.
 */
export function RegistryInputs({
  formId,
  inputs,
  values,
  errors,
  onChange,
}: {
  formId: string;
  inputs: readonly PrefillInput[];
  values: InputValues;
  /** Shown once Add was pressed: the required inputs still empty. */
  errors: Readonly<Record<string, string>>;
  onChange: (name: string, value: string) => void;
}) {
  return (
    <fieldset className="rows registry-inputs">
      <legend>What the server needs</legend>
      <p className="hint">
        The registry entry asks for these. Type a value, or a <code>{'${VAR}'}</code> reference that Claude
        Code reads from its environment when it starts the server.
      </p>
      {inputs.map((input, index) => {
        const id = inputFieldId(formId, index);
        // The box the form opens at (the sheet looks for it): the first the server cannot start without.
        const first = index === inputs.findIndex((candidate) => candidate.isRequired) || undefined;
        const hintId = input.description === undefined ? undefined : `${id}-hint`;
        const error = errors[input.name];
        const value = values[input.name] ?? '';
        const set = (next: string) => {
          onChange(input.name, next);
        };
        const choices = input.choices ?? (input.format === 'boolean' ? ['true', 'false'] : undefined);
        return (
          <div className="field registry-input" key={input.name}>
            <span className="registry-input-name">
              <label htmlFor={id}>{input.name}</label>
              {/* Said to assistive technology by aria-required. */}
              {input.isRequired && (
                <span className="note" aria-hidden="true">
                  required
                </span>
              )}
            </span>
            {choices !== undefined ? (
              <ChoiceList
                id={id}
                first={first}
                choices={choices}
                value={value}
                required={input.isRequired}
                hintId={hintId}
                error={error}
                onValueChange={set}
              />
            ) : input.isSecret ? (
              <SecretInput
                id={id}
                data-first-field={first}
                secretName={input.name}
                value={value}
                onValueChange={set}
                error={error}
                hintId={hintId}
                maxLength={512}
                aria-required={input.isRequired || undefined}
              />
            ) : (
              <TextInput
                id={id}
                data-first-field={first}
                value={value}
                onValueChange={set}
                error={error}
                hintId={hintId}
                maxLength={512}
                inputMode={input.format === 'number' ? 'decimal' : undefined}
                aria-required={input.isRequired || undefined}
              />
            )}
            {hintId !== undefined && (
              <p id={hintId} className="hint">
                {input.description}
              </p>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}

/** A select of an input's choices; an empty first option where it may be left out or must be chosen. */
function ChoiceList({
  id,
  first,
  choices,
  value,
  required,
  hintId,
  error,
  onValueChange,
}: {
  id: string;
  first: true | undefined;
  choices: readonly string[];
  value: string;
  required: boolean;
  hintId: string | undefined;
  error: string | undefined;
  onValueChange: (value: string) => void;
}) {
  const errorId = `${id}-error`;
  const describedBy = [hintId, error === undefined ? undefined : errorId].filter(Boolean).join(' ');
  return (
    <>
      <select
        id={id}
        data-first-field={first}
        value={value}
        aria-required={required || undefined}
        aria-invalid={error === undefined ? undefined : true}
        aria-describedby={describedBy === '' ? undefined : describedBy}
        onChange={(event) => {
          onValueChange(event.target.value);
        }}
      >
        {(!required || !choices.includes(value)) && (
          <option value="">{required ? 'Choose one' : 'None'}</option>
        )}
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </select>
      {error !== undefined && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </>
  );
}
