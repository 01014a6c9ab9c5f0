import { useState, type ComponentProps } from 'react';
import { TextInput } from './TextInput';

interface SecretInputProps extends ComponentProps<typeof TextInput> {
  /** What the value is, for the reveal button: `Show value of API_KEY`. */
  secretName: string;
}

/**
 * A box for a stored secret: its characters hidden until this one field is revealed, so opening
 * an edit never shows a token to whoever looks at the screen.
 */
export function SecretInput({ secretName, ...inputProps }: SecretInputProps) {
  const [shown, setShown] = useState(false);
  return (
    <span className="secret-input">
      <TextInput {...inputProps} type={shown ? 'text' : 'password'} />
      <button
        type="button"
        className="secondary small"
        aria-pressed={shown}
        aria-label={`Show value of ${secretName}`}
        onClick={() => {
          setShown((was) => !was);
        }}
      >
        {shown ? 'Hide' : 'Show'}
      </button>
    </span>
  );
}
