import type { ComponentProps } from 'react';
import { TextInput } from './TextInput';

interface TextFieldProps extends ComponentProps<typeof TextInput> {
  label: string;
  hint?: string;
}

/** A labelled text box with an optional one-line help and its inline error. */
export function TextField({ label, hint, id, ...inputProps }: TextFieldProps) {
  const hintId = hint === undefined ? undefined : `${id}-hint`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <TextInput id={id} hintId={hintId} {...inputProps} />
      {hint !== undefined && (
        <p id={hintId} className="hint">
          {hint}
        </p>
      )}
    </div>
  );
}
