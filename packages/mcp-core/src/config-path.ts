import { homedir } from 'node:os';
import { join } from 'node:path';

/** Where Claude Code keeps its config: `$CLAUDE_CONFIG_DIR/.claude.json`, else `~/.claude.json`. */
export function resolveConfigPath(env: NodeJS.ProcessEnv = process.env): string {
  const configDir = env.CLAUDE_CONFIG_DIR;
  return join(configDir !== undefined && configDir !== '' ? configDir : homedir(), '.claude.json');
}
