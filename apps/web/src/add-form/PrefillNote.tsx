import type { AddFormPrefill } from './prefill';

/** Above a prefilled form: where the entry comes from and the arguments it adds (its inputs are fields below). */
export function PrefillNote({
  prefill,
  registryArguments,
}: {
  prefill: AddFormPrefill;
  /** The arguments as the typed inputs made them. */
  registryArguments: AddFormPrefill['registryArguments'];
}) {
  const added = registryArguments;
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
    </div>
  );
}
