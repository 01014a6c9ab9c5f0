/**
 * The reads: `mcp.info`, `health`, `mcp.list`, `mcp.projects`, `mcp.watch`, `mcp.history`. None
 * waits for the queue: they go straight to the files (the history to its journal).
 */
import packageJson from '../../../package.json' with { type: 'json' };
import {
  installedPluginsPath,
  listProjects,
  managedMcpPath,
  projectMcpJsonPath,
  readManagedConfig,
  settingsFilesOf,
  watchConfigFiles,
} from '../../config';
import { HISTORY_LIMIT, historyInputSchema, listServersInputSchema, watchInputSchema } from '../../schemas';
import type { EngineContext } from '../engine';
import type { HistoryJournal } from '../history';
import type { Keychain } from '../../keychain';
import { keptAccount } from '../../kept-secrets';
import type { Server } from '../../config';

import type { McpAdmin } from '../contract';

type ReadContext = Pick<EngineContext, 'settings' | 'queue' | 'cli' | 'readers'> & {
  history: HistoryJournal;
  keychain: Keychain;
};

export function createReads({
  settings,
  queue,
  cli,
  readers,
  history,
  keychain,
}: ReadContext): Pick<McpAdmin, 'info' | 'health' | 'list' | 'projects' | 'watch' | 'history'> {
  const { configPath, claudeDir, managedDir, defaultProject, credentialsPath, cliTimeoutMs } = settings;
  return {
    async info() {
      const [version, keychainStatus] = await Promise.all([cli.version(), keychain.status()]);
      return {
        version: packageJson.version,
        configPath,
        defaultProject,
        cli: version,
        keychain: keychainStatus,
        managed:
          (await readManagedConfig(managedDir, [])) === undefined
            ? null
            : { path: managedMcpPath(managedDir), exclusive: true },
      };
    },

    health: () => ({ ...queue.status(), cliTimeoutMs }),

    async list(rawInput) {
      const input = listServersInputSchema.parse(rawInput);
      // The files are read while the project dir is looked at; one that is no directory still fails the call.
      const [project, listed] = await Promise.allSettled([
        readers.existingProject(input?.projectPath),
        readers.list(readers.projectPathOf(input?.projectPath), input?.reveal ?? false),
      ]);
      if (project.status === 'rejected') throw project.reason;
      if (listed.status === 'rejected') throw listed.reason;
      const list = listed.value;
      const name = input?.name;
      const servers =
        name === undefined ? list.servers : list.servers.filter((server) => server.name === name);
      return {
        ...list,
        servers: input?.reveal === true ? await withKeptValuesRevealed(keychain, servers) : servers,
      };
    },

    projects: () => listProjects(configPath),

    async watch(rawInput, signal) {
      const input = watchInputSchema.parse(rawInput);
      const projectPath = await readers.existingProject(input?.projectPath);
      const settingsFiles = await settingsFilesOf({ claudeDir, managedDir, projectPath });
      const files = [
        configPath,
        // Signing in or out anywhere (another terminal too) changes what `auth` says.
        ...(credentialsPath === undefined ? [] : [credentialsPath]),
        await projectMcpJsonPath(projectPath),
        ...settingsFiles.map(({ path }) => path),
        managedMcpPath(managedDir),
        installedPluginsPath(claudeDir),
      ];
      return watchConfigFiles(files, { signal, since: input?.lastEventId ?? undefined });
    },

    async history(rawInput) {
      const input = historyInputSchema.parse(rawInput);
      return (await history.newest(input?.limit ?? HISTORY_LIMIT.default)).value;
    },
  };
}

/**
 * `servers` with the values the keychain keeps for them, read in one call: a value it lacks, or a
 * keychain that cannot be read, leaves the marker the row has (the check and the row say why).
 */
async function withKeptValuesRevealed(keychain: Keychain, servers: Server[]): Promise<Server[]> {
  const kept = servers.filter((server) => server.keychain !== undefined);
  if (kept.length === 0) return servers;
  const accounts = kept.flatMap(({ keychain: names }) =>
    names === undefined
      ? []
      : [
          ...names.env.map((name) => keptAccount(names.ref, 'env', name)),
          ...names.headers.map((name) => keptAccount(names.ref, 'header', name)),
        ],
  );
  const values = await keychain.get(accounts).catch(() => new Map<string, string>());
  const filled = (
    field: Record<string, string> | undefined,
    ref: string,
    kind: 'env' | 'header',
    names: string[],
  ) =>
    field === undefined
      ? undefined
      : Object.fromEntries(
          Object.entries(field).map(([name, value]) => [
            name,
            names.includes(name) ? (values.get(keptAccount(ref, kind, name)) ?? value) : value,
          ]),
        );
  return servers.map((server) => {
    const names = server.keychain;
    if (names === undefined) return server;
    const env = filled(server.env, names.ref, 'env', names.env);
    const headers = filled(server.headers, names.ref, 'header', names.headers);
    return {
      ...server,
      ...(env === undefined ? {} : { env }),
      ...(headers === undefined ? {} : { headers }),
    };
  });
}
