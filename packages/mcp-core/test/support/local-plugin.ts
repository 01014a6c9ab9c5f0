/**
 * A tiny plugin in a directory marketplace, installed offline with the real CLI as a user would:
 * `claude plugin marketplace add <dir>`, then `claude plugin install tools@local-market`.
 */
import { runCliAsAnotherTerminal, type TestWorld } from '@mcp-admin/core/testing';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Installs it in `world`; returns the plugin's folder, which Claude Code reads live. */
export async function installLocalPlugin(world: TestWorld): Promise<string> {
  const market = join(world.plainDir, 'market');
  const pluginDir = join(market, 'plugins', 'tools');
  writeJson(join(market, '.claude-plugin', 'marketplace.json'), {
    name: 'local-market',
    owner: { name: 'Tests' },
    plugins: [{ name: 'tools', source: './plugins/tools' }],
  });
  writeJson(join(pluginDir, '.claude-plugin', 'plugin.json'), {
    name: 'tools',
    version: '1.0.0',
    mcpServers: { inline: { command: '${CLAUDE_PLUGIN_ROOT}/bin/inline' } },
  });
  writeJson(join(pluginDir, '.mcp.json'), {
    mcpServers: {
      search: { command: '${CLAUDE_PLUGIN_ROOT}/bin/search', args: ['--data=${CLAUDE_PLUGIN_DATA}'] },
    },
  });
  await runCliAsAnotherTerminal(world, world.projectDir, ['plugin', 'marketplace', 'add', market]);
  await runCliAsAnotherTerminal(world, world.projectDir, ['plugin', 'install', 'tools@local-market']);
  return pluginDir;
}

function writeJson(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(value, null, 2));
}
