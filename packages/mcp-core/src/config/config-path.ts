import { homedir } from 'node:os';
import { join } from 'node:path';

/** Where Claude Code keeps its config: `$CLAUDE_CONFIG_DIR/.claude.json`, else `~/.claude.json`. */
export function configPathFor(configDir: string | undefined): string {
  return join(configDir ?? homedir(), '.claude.json');
}

/** Where Claude Code keeps settings.json and plugins/: `$CLAUDE_CONFIG_DIR`, else `~/.claude`. */
export function claudeDirFor(configDir: string | undefined): string {
  return configDir ?? join(homedir(), '.claude');
}
