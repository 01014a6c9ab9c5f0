import type { AddFormPrefill } from './prefill';

/** Above a prefilled form: where the entry comes from, and each input it asks for. */
export function PrefillNote({ prefill }: { prefill: AddFormPrefill }) {
  return (
    <div className="prefill-note">
      <p className="hint">
        Filled from the MCP registry entry <strong>{prefill.source}</strong>. Nothing runs until you add it.
      </p>
      {prefill.inputs.length > 0 && (
        <ul aria-label="Inputs to fill">
          {prefill.inputs.map((input) => (
            <li key={input.name}>
              <code>{input.name}</code>
              {input.isRequired && ' (required)'}
              {input.description !== undefined && `: ${input.description}`}
              {input.isSecret ? (
                <span className="hint">
                  {' '}
                  Secret: kept as <code>{input.reference}</code>; set {input.reference.slice(2, -1)} in the
                  environment Claude Code starts from.
                </span>
              ) : (
                input.isRequired && (
                  <span className="hint">
                    {' '}
                    Replace <code>{input.reference}</code> with its value, or set it in the environment.
                  </span>
                )
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
