/**
 * `missingEnv`: the `${VAR}` references of a server entry that Claude Code would pass on literally
 * because the environment does not set them, read with the connection check's own grammar.
 */
import { variableReferences } from '../variable-references';
import { isRecord } from '../records';

/** Names referenced without a default in `text` and not set in `env`, in order, each once. */
export function missingVariables(texts: readonly string[], env: NodeJS.ProcessEnv): string[] {
  const missing = new Set<string>();
  for (const text of texts) {
    for (const { name, fallback } of variableReferences(text)) {
      // Own keys only: `${constructor}` must not find Object.prototype.constructor.
      if (fallback === undefined && (Object.hasOwn(env, name) ? env[name] : undefined) === undefined) {
        missing.add(name);
      }
    }
  }
  return [...missing];
}

/** The texts Claude Code expands in a stored entry: command, args, env values, url and header values. */
export function expandedTexts(entry: unknown): string[] {
  if (!isRecord(entry)) return [];
  const { command, args, env, url, headers } = entry;
  const texts: unknown[] = [command, ...(Array.isArray(args) ? (args as unknown[]) : []), url];
  for (const map of [env, headers]) if (isRecord(map)) texts.push(...Object.values(map));
  return texts.filter((text) => typeof text === 'string');
}
