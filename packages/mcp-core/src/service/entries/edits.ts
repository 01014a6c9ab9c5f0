/**
 * Entries made from input: the one `mcp.add` stores and an edit of a stored entry (`mcp.update`).
 */
import type { AddServerInput, ServerChanges } from '../../schemas';

/**
 * The entry `mcp.add` stores for `input`, as `claude mcp add` would store it: a stdio entry with
 * its args and env (empty when none), a remote one with its headers only when it has some.
 */
export function addedEntry(input: AddServerInput): Record<string, unknown> {
  const { command, args, env, url, transport, headers } = input;
  if (url === undefined) return { type: 'stdio', command, args: args ?? [], env: env ?? {} };
  const given = headers ?? {};
  return { type: transport ?? 'http', url, ...(Object.keys(given).length === 0 ? {} : { headers: given }) };
}

/** The fields only a remote (http/sse) entry has, and those only a stdio entry has. */
const REMOTE_FIELDS = ['url', 'headers', 'oauth', 'headersHelper'];
const STDIO_FIELDS = ['command', 'args', 'env'];

/**
 * The stored entry with the given fields replacing its own; every other field (`oauth`,
 * `headersHelper`, `timeout`, `alwaysLoad`, …) is kept. An entry that changes kind drops the fields
 * of its old kind, which cannot go with the new one: a URL (or an http/sse transport) given to a
 * stdio entry drops command, args and env; a command (or the stdio transport) given to a remote one
 * drops url, headers, oauth and headersHelper (the form has no box to clear them).
 */
export function mergedEntry(
  stored: Record<string, unknown>,
  { transport, command, args, env, url, headers }: ServerChanges,
): Record<string, unknown> {
  const remote = transport === 'http' || transport === 'sse';
  const switchesTo =
    (url !== undefined || remote) && stored.url === undefined
      ? { type: 'http', drops: STDIO_FIELDS }
      : (command !== undefined || transport === 'stdio') && stored.command === undefined
        ? { type: 'stdio', drops: REMOTE_FIELDS }
        : undefined;
  // Object.fromEntries defines own properties: a stored `__proto__` key stays plain data.
  const merged = Object.fromEntries(
    Object.entries(stored).filter(([field]) => switchesTo?.drops.includes(field) !== true),
  );
  if (switchesTo !== undefined) merged.type = switchesTo.type;
  const given = Object.entries({ type: transport, command, args, env, url, headers });
  for (const [field, value] of given) if (value !== undefined) merged[field] = value;
  return merged;
}
