import { useEffect, useId, useReducer, useRef, useState, type SubmitEvent } from 'react';
import type { WritableServer } from '../rows';
import { useServerList } from '../shared-queries';
import { ErrorAlert } from '../ui/ErrorAlert';
import { useFocusAfterRender } from '../ui/use-focus-after-render';
import { useAddServer } from './api';
import { nameClash, shadowNote, takenMessage } from './existing-names';
import { addFormReducer, initialAddFormState } from './form-state';
import { lastScope, rememberScope } from './last-scope';
import { PasteBox } from './PasteBox';
import type { AddFormPrefill } from './prefill';
import type { PastedServer } from './paste/parse-pasted';
import { PrefillNote } from './PrefillNote';
import {
  givenValues,
  initialInputValues,
  inputFieldId,
  missingInputs,
  RegistryInputs,
  type InputValues,
} from './RegistryInputs';
import { KeychainChoice, secretsInFor, useKeychainChoice } from './KeychainChoice';
import { ServerFields } from './ServerFields';
import { useFormCheck } from './use-form-check';

/** What is typed in a registry entry's inputs, for the prefill (by id) it belongs to. */
interface InputsState {
  prefillId: number | undefined;
  values: InputValues;
  /** The values (as sent) the entry in the fields was made with: other values ask for it again. */
  applied: string;
  /** Add was pressed: a required input still empty says so. */
  submitted: boolean;
  /** Why the entry could not be made with the values. */
  error: string | null;
  /** The registry's arguments as the values last made them; the prefill's until then. */
  registryArguments?: AddFormPrefill['registryArguments'] | undefined;
}

/** A prefill's inputs as it opens: the registry made its entry with nothing given (defaults, references). */
function freshInputs(prefill: AddFormPrefill | null): InputsState {
  const values = initialInputValues(prefill?.inputs ?? []);
  return {
    prefillId: prefill?.id,
    values,
    applied: JSON.stringify(givenValues(values)),
    submitted: false,
    error: null,
  };
}

/** How long typing in an input pauses before the entry is made with it. */
const INPUT_DEBOUNCE_MS = 300;

interface AddServerFormProps {
  projectPath: string;
  /** Opens the edit of a listed server (the one whose name the user is typing). */
  onEditExisting: (server: WritableServer, projectPath: string) => void;
  /** An entry chosen elsewhere (Discover): the form is filled with it, ready to check and add. */
  prefill?: AddFormPrefill | null | undefined;
}

/** The `mcp.add` form; it checks everything with mcp-core's schemas before sending. */
export function AddServerForm({ projectPath, onEditExisting, prefill = null }: AddServerFormProps) {
  const id = useId();
  const headingId = `${id}-heading`;
  const nameId = `${id}-name`;
  const pasteId = `${id}-paste`;
  const [state, dispatch] = useReducer(addFormReducer, undefined, () => ({
    ...initialAddFormState,
    scope: lastScope() ?? initialAddFormState.scope,
  }));
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormCheck(formRef, state, projectPath);
  // The list the panel shows (the same cached query): a name already taken is flagged as it is typed.
  const listed = useServerList(projectPath);
  const clash =
    state.name === '' ? { elsewhere: [] } : nameClash(listed.data?.servers ?? [], state.name, state.scope);
  const focusAfterRender = useFocusAfterRender();
  // The prefill's note stays until the server is added.
  const [addedPrefill, setAddedPrefill] = useState<number | undefined>(undefined);
  const filledFrom = prefill !== null && prefill.id !== addedPrefill ? prefill : null;
  // A new paste box after each add: nothing pasted (secrets included) stays in it.
  const [pasteRound, setPasteRound] = useState(0);
  // What was added is said by the message after each change (with its Undo).
  const add = useAddServer((scope) => {
    setAddedPrefill(prefill?.id);
    rememberScope(scope);
    dispatch({ type: 'reset', scope });
    form.reset();
    setPasteRound((round) => round + 1);
    // The field that had focus may be gone with the reset; start the next server from the top.
    focusAfterRender(pasteId);
  });

  // The registry entry's inputs: one field each; the entry follows what is typed in them. Kept
  // with the prefill they belong to: a new prefill starts from its own defaults.
  const [inputsKept, setInputsKept] = useState<InputsState | null>(null);
  const inputsState =
    inputsKept !== null && inputsKept.prefillId === filledFrom?.id ? inputsKept : freshInputs(filledFrom);
  const updateInputs = (change: (current: InputsState) => Partial<InputsState>) => {
    setInputsKept((kept) => {
      const current = kept !== null && kept.prefillId === filledFrom?.id ? kept : freshInputs(filledFrom);
      return { ...current, ...change(current) };
    });
  };
  const inputs = filledFrom?.inputs ?? [];
  const inputErrors = inputsState.submitted ? missingInputs(inputs, inputsState.values) : {};
  const valuesKey = JSON.stringify(givenValues(inputsState.values));
  // Only the newest request fills the fields: an older answer arriving late is dropped. Add's own
  // request is never dropped: Add needs the entry of the values it was pressed with, even when the
  // refill after typing asked again meanwhile (it once made the click do nothing).
  const lastRequest = useRef(0);
  const withValues = async (
    values: InputValues,
    { forAdd = false } = {},
  ): Promise<PastedServer | undefined> => {
    if (filledFrom?.withValues === undefined) return undefined;
    const request = ++lastRequest.current;
    try {
      const { server, registryArguments } = await filledFrom.withValues(values);
      const newest = request === lastRequest.current;
      if (newest) updateInputs(() => ({ error: null, applied: JSON.stringify(values), registryArguments }));
      return newest || forAdd ? server : undefined;
    } catch (error) {
      if (request === lastRequest.current || forAdd) {
        updateInputs(() => ({ error: error instanceof Error ? error.message : String(error) }));
      }
      return undefined;
    }
  };

  // Each new prefill replaces what was typed: the name too, which a paste would keep.
  const prefillId = prefill?.id;
  const scope = state.scope;
  useEffect(() => {
    if (prefill === null) return;
    dispatch({ type: 'reset', scope });
    dispatch({ type: 'fill', server: prefill.server });
    form.reset();
    // The first value the server cannot start without, else the name.
    const firstRequired = prefill.inputs.findIndex((input) => input.isRequired);
    document.getElementById(firstRequired === -1 ? nameId : inputFieldId(id, firstRequired))?.focus();
    // Only a new prefill fills the form; the scope and the checker are read as they are then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [prefillId]);

  // Typing in an input refills the entry once typing pauses, so the fields show what Add stores.
  const applied = inputsState.applied;
  useEffect(() => {
    if (filledFrom === null || valuesKey === applied) return;
    const timer = window.setTimeout(() => {
      void withValues(JSON.parse(valuesKey) as InputValues).then((server) => {
        if (server !== undefined) dispatch({ type: 'fill', server });
      });
    }, INPUT_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
    };
    // The request is made with the values of its own render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [valuesKey, applied, filledFrom?.id]);

  const keychain = useKeychainChoice();
  const [keep, setKeep] = useState<boolean | undefined>(undefined);
  const keepChecked = keep ?? keychain.initial;

  const onSubmit = async (event: SubmitEvent) => {
    event.preventDefault();
    // A required input left empty: nothing runs, and its field says what is missing.
    const missing = Object.keys(missingInputs(inputs, inputsState.values));
    if (missing.length > 0) {
      updateInputs(() => ({ submitted: true }));
      const first = inputs.findIndex((input) => input.name === missing[0]);
      document.getElementById(inputFieldId(id, first))?.focus();
      return;
    }
    let checked = state;
    // Values typed since the fields were last filled: the entry is made with them first.
    if (filledFrom !== null && valuesKey !== applied) {
      const server = await withValues(JSON.parse(valuesKey) as InputValues, { forAdd: true });
      if (server === undefined) return;
      checked = addFormReducer(state, { type: 'fill', server });
      dispatch({ type: 'fill', server });
    }
    const input = form.check(clash.taken !== undefined, checked);
    const secretsIn = secretsInFor(checked.scope, keychain.available, keepChecked);
    if (input !== undefined) add.mutate(secretsIn === 'keychain' ? { ...input, secretsIn } : input);
  };

  return (
    <form
      ref={formRef}
      className="card add-form"
      aria-labelledby={headingId}
      noValidate
      onSubmit={(event) => {
        void onSubmit(event);
      }}
    >
      <h2 id={headingId}>Add MCP server</h2>
      {filledFrom !== null && (
        <PrefillNote
          prefill={filledFrom}
          registryArguments={inputsState.registryArguments ?? filledFrom.registryArguments}
        />
      )}
      {inputs.length > 0 && (
        <RegistryInputs
          formId={id}
          inputs={inputs}
          values={inputsState.values}
          errors={inputErrors}
          onChange={(name, value) => {
            updateInputs((current) => ({ values: { ...current.values, [name]: value } }));
          }}
        />
      )}
      {inputsState.error !== null && <ErrorAlert message={inputsState.error} />}
      <PasteBox
        key={pasteRound}
        id={pasteId}
        onFill={(server) => {
          dispatch({ type: 'fill', server });
        }}
      />
      <ServerFields
        id={id}
        state={state}
        dispatch={dispatch}
        errors={form.errors}
        nameError={clash.taken === undefined ? undefined : takenMessage(clash.taken)}
        masked={false}
        afterName={
          clash.taken !== undefined ? (
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
          ) : (
            clash.elsewhere.length > 0 && (
              <p className="hint name-clash">{shadowNote(state.name, state.scope, clash.elsewhere)}</p>
            )
          )
        }
      />
      <KeychainChoice
        scope={state.scope}
        available={keychain.available}
        reason={keychain.reason}
        backend={keychain.backend}
        checked={keepChecked}
        onChange={setKeep}
      />
      {add.error !== null && <ErrorAlert message={add.error.message} />}
      <div className="form-footer">
        <button type="submit" className="primary" disabled={add.isPending}>
          Add server
        </button>
        <p role="status" className="status">
          {add.isPending && 'Adding…'}
        </p>
      </div>
    </form>
  );
}
