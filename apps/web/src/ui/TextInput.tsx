import type { InputHTMLAttributes } from 'react';

interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id'> {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  /** Id of a help text that describes the box, read before the error. */
  hintId?: string | undefined;
  /** `password` hides a secret's characters (see SecretInput). */
  type?: 'text' | 'password';
}

/** A text box that carries its own inline error: aria-invalid plus a described-by message. */
export function TextInput({
  id,
  value,
  onValueChange,
  error,
  hintId,
  type = 'text',
  ...rest
}: TextInputProps) {
  const errorId = `${id}-error`;
  const describedBy = [hintId, error === undefined ? undefined : errorId].filter(Boolean).join(' ');
  return (
    <>
      <input
        {...rest}
        id={id}
        type={type}
        value={value}
        spellCheck={false}
        autoComplete="off"
        aria-invalid={error === undefined ? undefined : true}
        aria-describedby={describedBy === '' ? undefined : describedBy}
        onChange={(event) => {
          onValueChange(event.target.value);
        }}
      />
      {error !== undefined && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </>
  );
}
