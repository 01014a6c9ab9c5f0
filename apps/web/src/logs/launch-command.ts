import type { ServerEntry } from '../trpc';

// Quoted only where a shell would split or expand it; `${VAR}` stays as written (Claude Code expands it).
function shellWord(word: string): string {
  if (/^[A-Za-z0-9_@%+=:,./${}-]+$/.test(word) && !word.includes('$(')) return word;
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/** What Claude Code runs (stdio) or reaches (http/sse) for `server`, as a line to copy. */
export function launchCommand(server: ServerEntry): string | undefined {
  if (server.command !== undefined) return [server.command, ...(server.args ?? [])].map(shellWord).join(' ');
  return server.url;
}
