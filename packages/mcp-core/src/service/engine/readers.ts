/**
 * The reads every operation starts from: the project a call names (an existing directory), the
 * entry stored at a place, and the list as `mcp.list` gives it.
 */
import { resolve } from 'node:path';
import { disabledStashPath, findStoredEntry, isDirectory, listServers } from '../../config';
import type { Server, ServerList, StoredEntry } from '../../config';
import { McpCoreError } from '../../errors';
import type { Scope } from '../../schemas';
import type { ServiceSettings } from './settings';

export interface Readers {
  /** The project named, or the default one, as a normalized absolute path; not looked at. */
  projectPathOf(projectPath: string | undefined): string;
  /** The project named, or the default one: INVALID_INPUT unless it is an existing directory. */
  existingProject(projectPath: string | undefined): Promise<string>;
  /** The entry of `name` stored in `scope` for the project (`mcpJsonPath`: that `.mcp.json`). */
  storedIn(
    scope: Scope,
    name: string,
    projectPath: string,
    mcpJsonPath?: string,
  ): Promise<StoredEntry | undefined>;
  list(projectPath: string, reveal: boolean): Promise<ServerList>;
  /** Every listed server of the project, secrets revealed: a check runs the entry as stored. */
  serversToCheck(projectPath: string): Promise<Server[]>;
}

type ReaderSettings = Pick<
  ServiceSettings,
  'configPath' | 'claudeDir' | 'managedDir' | 'defaultProject' | 'spawnEnv' | 'credentialsPath'
>;

export function createReaders(settings: ReaderSettings): Readers {
  const { configPath, claudeDir, managedDir, defaultProject, spawnEnv, credentialsPath } = settings;

  // Secrets revealed only when asked: the check runs the entry as stored, and redacts what it reports itself.
  function list(projectPath: string, reveal: boolean): Promise<ServerList> {
    return listServers({
      configPath,
      projectPath,
      claudeDir,
      managedDir,
      env: spawnEnv,
      reveal,
      credentialsPath,
      disabledStashPath: disabledStashPath(configPath),
    });
  }

  // Normalized once here (`/repo/app/` is `/repo/app`), so every path compared or recorded downstream is.
  const projectPathOf = (projectPath: string | undefined) =>
    projectPath === undefined ? defaultProject : resolve(projectPath);

  return {
    projectPathOf,
    async existingProject(projectPath) {
      const path = projectPathOf(projectPath);
      if (!(await isDirectory(path))) {
        throw new McpCoreError('INVALID_INPUT', `projectPath "${path}" is not an existing directory`);
      }
      return path;
    },
    storedIn: (scope, name, projectPath, mcpJsonPath) =>
      findStoredEntry({ configPath, projectPath, name, scope, mcpJsonPath }),
    list,
    serversToCheck: async (projectPath) => (await list(projectPath, true)).servers,
  };
}
