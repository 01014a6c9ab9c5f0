/**
 * The MCP servers of enabled plugins, as Claude Code 2.1.332 loads them (checked with the CLI on a
 * plugin installed offline from a directory marketplace): a plugin is installed when
 * `plugins/installed_plugins.json` lists its id (`plugin@marketplace`) and on when the most
 * specific settings file that mentions it in `enabledPlugins` says true (managed, then the
 * project's local, its shared, then the user's). Its servers are those of its `.mcp.json` and then
 * of `mcpServers` in its `.claude-plugin/plugin.json`, named `plugin:<plugin>:<server>`, with
 * `${CLAUDE_PLUGIN_ROOT}` replaced by the plugin's folder. That folder is the one a directory
 * marketplace points to (Claude Code reads such a plugin live from there), else `installPath`.
 */
import { join, resolve } from 'node:path';
import { isRecord } from '../records';
import type { EffectiveEntry } from './effective-status';
import { readJsonFile } from './json-file';
import type { McpSettings, SettingsSource } from './settings';
import type { ConfigProblem } from './types';

const ENABLING_RANK: Record<SettingsSource, number> = { managed: 0, local: 1, project: 2, user: 3 };

/** Set by Claude Code for every plugin server: never missing. */
export const PLUGIN_VARIABLES = ['CLAUDE_PLUGIN_ROOT', 'CLAUDE_PLUGIN_DATA', 'CLAUDE_PROJECT_DIR'];

export function installedPluginsPath(claudeDir: string): string {
  return join(claudeDir, 'plugins', 'installed_plugins.json');
}

/**
 * The servers of every installed and enabled plugin, plugins by id, servers in file order. The
 * settings decide which are enabled: `installed_plugins.json` is read while they are being read.
 */
export async function readPluginServers(
  claudeDir: string,
  settingsRead: Promise<readonly McpSettings[]>,
  problems: ConfigProblem[],
): Promise<EffectiveEntry[]> {
  const [installed, settings] = await Promise.all([
    readJsonFile(installedPluginsPath(claudeDir), problems),
    settingsRead,
  ]);
  const plugins = isRecord(installed) && isRecord(installed.plugins) ? installed.plugins : {};
  const byPrecedence = [...settings].sort((a, b) => ENABLING_RANK[a.source] - ENABLING_RANK[b.source]);
  const enabled = Object.entries(plugins)
    .flatMap(([id, installs]) => {
      const enabling = byPrecedence.find((file) => file.enabledPlugins.has(id));
      const installPath = installPathOf(installs);
      return enabling?.enabledPlugins.get(id) === true && installPath !== undefined
        ? [{ id, installPath, enabledIn: enabling.path }]
        : [];
    })
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const perPlugin = await Promise.all(
    enabled.map(async ({ id, installPath, enabledIn }) => {
      const root = (await directoryMarketplaceRoot(claudeDir, id, problems)) ?? installPath;
      return (await pluginServerFiles(root, problems)).flatMap(({ source, servers }) =>
        Object.entries(servers).map(([server, entry]): EffectiveEntry => ({
          name: `plugin:${pluginName(id)}:${server}`,
          scope: 'plugin',
          source,
          entry: withPluginRoot(entry, root),
          plugin: { id, enabledIn },
        })),
      );
    }),
  );
  return perPlugin.flat();
}

function pluginName(id: string): string {
  const at = id.lastIndexOf('@');
  return at === -1 ? id : id.slice(0, at);
}

function installPathOf(installs: unknown): string | undefined {
  if (!Array.isArray(installs)) return undefined;
  const install: unknown = installs.find((item) => isRecord(item) && typeof item.installPath === 'string');
  return isRecord(install) && typeof install.installPath === 'string' ? install.installPath : undefined;
}

/** The plugin's folder in a `directory` marketplace (`known_marketplaces.json`), `undefined` for other kinds. */
async function directoryMarketplaceRoot(
  claudeDir: string,
  id: string,
  problems: ConfigProblem[],
): Promise<string | undefined> {
  const at = id.lastIndexOf('@');
  if (at === -1) return undefined;
  const known = await readJsonFile(join(claudeDir, 'plugins', 'known_marketplaces.json'), problems);
  const marketplace = isRecord(known) ? known[id.slice(at + 1)] : undefined;
  if (!isRecord(marketplace) || !isRecord(marketplace.source) || marketplace.source.source !== 'directory') {
    return undefined;
  }
  const location = marketplace.installLocation;
  if (typeof location !== 'string') return undefined;
  const catalog = await readJsonFile(join(location, '.claude-plugin', 'marketplace.json'), problems);
  const listed: unknown = isRecord(catalog) && Array.isArray(catalog.plugins) ? catalog.plugins : [];
  const entry = (listed as unknown[]).find((plugin) => isRecord(plugin) && plugin.name === pluginName(id));
  return isRecord(entry) && typeof entry.source === 'string' ? resolve(location, entry.source) : undefined;
}

/** The plugin's `.mcp.json`, then the servers its plugin.json holds inline. */
async function pluginServerFiles(
  root: string,
  problems: ConfigProblem[],
): Promise<{ source: string; servers: Record<string, unknown> }[]> {
  const mcpJson = join(root, '.mcp.json');
  const manifestPath = join(root, '.claude-plugin', 'plugin.json');
  const [shared, manifest] = await Promise.all([
    readJsonFile(mcpJson, problems),
    readJsonFile(manifestPath, problems),
  ]);
  return [
    { source: mcpJson, servers: serversIn(shared) },
    { source: manifestPath, servers: serversIn(manifest) },
  ];
}

function serversIn(document: unknown): Record<string, unknown> {
  return isRecord(document) && isRecord(document.mcpServers) ? document.mcpServers : {};
}

/** The entry with every `${CLAUDE_PLUGIN_ROOT}` in its strings replaced, as shown and started. */
function withPluginRoot(entry: unknown, root: string): unknown {
  if (typeof entry === 'string') return entry.replaceAll('${CLAUDE_PLUGIN_ROOT}', root);
  if (Array.isArray(entry)) return entry.map((item: unknown) => withPluginRoot(item, root));
  if (isRecord(entry)) {
    return Object.fromEntries(
      Object.entries(entry).map(([key, value]) => [key, withPluginRoot(value, root)]),
    );
  }
  return entry;
}
