/**
 * `mcp.importSource`, `mcp.importServers`, `mcp.export` (see transfer/): each imported server is
 * one change of its own on this queue, CLI, audit and history.
 */
import { McpCoreError } from '../errors';
import { claudeDesktopConfigPath, createTransferOperations } from '../transfer';
import type { TransferOperations } from '../transfer';
import type { ServiceContext } from './context';

export function createImportExport({
  settings,
  turns,
  readers,
  entries,
}: Pick<ServiceContext, 'settings' | 'turns' | 'readers' | 'entries'>): TransferOperations {
  const { configPath, homeDir, appData } = settings;
  return createTransferOperations({
    configPath,
    desktopConfigPath: claudeDesktopConfigPath({ platform: process.platform, homeDir, appData }),
    existingProject: (projectPath) => readers.existingProject(projectPath),
    storedIn: (scope, name, projectPath) => readers.storedIn(scope, name, projectPath),
    inQueueTurn: (task) => turns.change(task),
    addEntry: async ({ name, scope, projectPath, entry }) => {
      const place = await entries.placeFor(name, scope, projectPath);
      return entries.recordedChange({ procedure: 'mcp.import', place }, (landed) =>
        entries.addRecorded('mcp.import', { ...place, entry }, landed),
      );
    },
    // One recorded change from the stored entry to the imported one: a failed add puts the old one back.
    replaceEntry: async ({ name, scope, projectPath, entry }) => {
      const place = await entries.placeFor(name, scope, projectPath);
      const stored = await entries.storedAt(place);
      if (stored === undefined)
        throw new McpCoreError('NOT_FOUND', `"${name}" is no longer in ${scope} scope.`);
      return entries.recordedChange({ procedure: 'mcp.import', place }, (landed) =>
        entries.replace('mcp.import', { ...place, entry: stored.entry }, { ...place, entry }, landed),
      );
    },
  });
}
