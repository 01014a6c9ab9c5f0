import type { AddServerInput } from '@mcp-admin/core/schemas';
import { useLayoutEffect, useMemo, useState, type RefObject } from 'react';
import type { AddFormState } from './form-state';
import { validateAddForm, type FieldErrors } from './validate';

/**
 * The add and edit forms' checking: errors show from the first submit on, then follow the typing
 * so they clear once fixed; a submit that fails moves focus to the first field in error.
 */
export function useFormCheck(
  formRef: RefObject<HTMLFormElement | null>,
  state: AddFormState,
  projectPath: string,
) {
  const [submitted, setSubmitted] = useState(false);
  const errors = useMemo<FieldErrors>(() => {
    if (!submitted) return {};
    const validation = validateAddForm(state, projectPath);
    return validation.ok ? {} : validation.errors;
  }, [state, projectPath, submitted]);
  // A counter, not a flag: a second failed submit with nothing changed must still move focus.
  const [focusRequest, setFocusRequest] = useState(0);
  // Before the paint (see ui/use-focus-after-render.ts).
  useLayoutEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest, formRef]);
  return {
    errors,
    /**
     * On submit: the input to send, or undefined when a field (or `blocked`, a name already
     * taken) is wrong, which moves focus there. `checked`: the form as just filled, before it renders.
     */
    check: (blocked = false, checked: AddFormState = state): AddServerInput | undefined => {
      setSubmitted(true);
      const validation = validateAddForm(checked, projectPath);
      if (validation.ok && !blocked) return validation.input;
      setFocusRequest((count) => count + 1);
      return undefined;
    },
    /** After an add: a fresh form shows no errors until its next submit. */
    reset: () => {
      setSubmitted(false);
    },
  };
}
