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
import { PrefillNote } from './PrefillNote';
import { KeychainChoice, secretsInFor, useKeychainChoice } from './KeychainChoice';
import { ServerFields } from './ServerFields';
import { useFormCheck } from './use-form-check';

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

  // Each new prefill replaces what was typed: the name too, which a paste would keep.
  const prefillId = prefill?.id;
  const scope = state.scope;
  useEffect(() => {
    if (prefill === null) return;
    dispatch({ type: 'reset', scope });
    dispatch({ type: 'fill', server: prefill.server });
    form.reset();
    document.getElementById(nameId)?.focus();
    // Only a new prefill fills the form; the scope and the checker are read as they are then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [prefillId]);

  const keychain = useKeychainChoice();
  const [keep, setKeep] = useState<boolean | undefined>(undefined);
  const keepChecked = keep ?? keychain.initial;

  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    const input = form.check(clash.taken !== undefined);
    const secretsIn = secretsInFor(state.scope, keychain.available, keepChecked);
    if (input !== undefined) add.mutate(secretsIn === 'keychain' ? { ...input, secretsIn } : input);
  };

  return (
    <form ref={formRef} className="card add-form" aria-labelledby={headingId} noValidate onSubmit={onSubmit}>
      <h2 id={headingId}>Add MCP server</h2>
      {filledFrom !== null && <PrefillNote prefill={filledFrom} />}
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
