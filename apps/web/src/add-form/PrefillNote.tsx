import type { AddFormPrefill } from './prefill';

/** Above a prefilled form: where the entry comes from, the arguments it adds, and each input it asks for. */
export function PrefillNote({ prefill }: { prefill: AddFormPrefill }) {
  const added = prefill.registryArguments;
  return (
    <div className="prefill-note">
      <p className="hint">
        Filled from the MCP registry entry <strong>{prefill.source}</strong>. Nothing runs until you add it.
      </p>
      {added !== undefined && (added.runtime.length > 0 || added.package.length > 0) && (
        <ul aria-label="Arguments from the registry">
          {added.runtime.length > 0 && (
            <li>
              Options to {added.runner}, from the registry: <code>{added.runtime.join(' ')}</code>
            </li>
          )}
          {added.package.length > 0 && (
            <li>
              Arguments to the server, from the registry: <code>{added.package.join(' ')}</code>
            </li>
          )}
        </ul>
      )}
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
