/**
 * `${VAR}` and `${VAR:-default}` in a server entry, expanded the way Claude Code expands them when
 * it starts the server (read from its bundled CLI, 2.1.x): a name is `[A-Za-z_][A-Za-z0-9_]*`, a
 * default runs to the first `}`, a variable that is set wins even when empty, and an unset one
 * without a default is passed on literally. Nothing else is special: `$${X}` is a `$` before `${X}`,
 * and `${A:-${B}}` is `${A:-${B}` (default `${B`) followed by a literal `}`.
 */
const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

/** Every `${VAR}` / `${VAR:-default}` in `text`, in order, read with the same grammar. */
export function variableReferences(text: string): { name: string; fallback: string | undefined }[] {
  return [...text.matchAll(REFERENCE)].map(([, name = '', fallback]) => ({ name, fallback }));
}

export function expandVariables(text: string, env: NodeJS.ProcessEnv): string {
  return text.replace(REFERENCE, (reference, name: string, fallback: string | undefined) => {
    // Own keys only: `${constructor}` must not find Object.prototype.constructor.
    const value = Object.hasOwn(env, name) ? env[name] : undefined;
    return value ?? fallback ?? reference;
  });
}
