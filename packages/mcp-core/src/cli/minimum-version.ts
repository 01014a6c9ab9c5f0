/**
 * The oldest Claude Code MCP Admin starts with: the version every fact of docs/claude-code-facts.md
 * was proven on (the workspace's pinned dev dependency). The installed package brings no CLI of its
 * own, so `mcp-admin` asks the user's (`CLAUDE_BIN`, else `claude` on PATH) before it listens.
 */
export const MINIMUM_CLAUDE_VERSION = '2.1.332';

/** How a user gets a Claude Code MCP Admin can drive. */
export const INSTALL_CLAUDE = 'npm install -g @anthropic-ai/claude-code';

/** `2.1.332 (Claude Code)` → [2, 1, 332]; undefined for an answer that is no version. */
function versionParts(text: string): [number, number, number] | undefined {
  const match = /^(\d+)\.(\d+)\.(\d+)(?:[-+ ]|$)/.exec(text.trim());
  return match === null ? undefined : [Number(match[1]), Number(match[2]), Number(match[3])];
}

function isOlder(a: [number, number, number], b: [number, number, number]): boolean {
  for (const [index, part] of a.entries()) {
    if (part !== b[index]) return part < (b[index] ?? 0);
  }
  return false;
}

/**
 * Why the CLI `system.info` found cannot serve MCP Admin (missing, failing, older than the
 * minimum, or answering no version), with what to install; undefined when it can.
 */
export function unfitClaudeCli(
  cli: { path: string; version: string } | { error: string },
): string | undefined {
  const needed = `MCP Admin needs Claude Code ${MINIMUM_CLAUDE_VERSION} or newer`;
  const remedy = `Install it with \`${INSTALL_CLAUDE}\`, or set CLAUDE_BIN to the path of one.`;
  if ('error' in cli) {
    return `${needed}, and none could be run: ${cli.error} To install it: \`${INSTALL_CLAUDE}\`.`;
  }
  const parts = versionParts(cli.version);
  if (parts === undefined) {
    return `${needed}; ${cli.path} answered --version with ${JSON.stringify(cli.version.slice(0, 200))}, not a version. ${remedy}`;
  }
  const minimum = versionParts(MINIMUM_CLAUDE_VERSION) ?? [0, 0, 0];
  if (isOlder(parts, minimum)) {
    return `${needed}; ${cli.path} is ${parts.join('.')}. Update it with \`${INSTALL_CLAUDE}\`, or set CLAUDE_BIN to a newer one.`;
  }
  return undefined;
}
