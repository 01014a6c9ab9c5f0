/**
 * `mcp.importSource`, `mcp.importServers`, `mcp.export` (see transfer/): each imported server is
 * one change of its own on this queue, CLI, audit and history.
 */
import { join } from 'node:path';
import { projectDirChain } from '../../config';
import type { StoredEntry } from '../../config';
import { McpCoreError } from '../../errors';
import type { Scope } from '../../schemas';
import { claudeDesktopConfigPath, createTransferOperations } from '../../transfer';
import type { TransferOperations } from '../../transfer';
import type { EngineContext } from '../engine';
import type { EntryChanges } from './changes';
import type { KeptSecretStore } from './kept-secrets';

import type { EntryPlace } from '../history';

export function createImportExport({
  settings,
  turns,
  readers,
  entries,
  keptSecrets,
}: Pick<EngineContext, 'settings' | 'turns' | 'readers'> & {
  entries: EntryChanges;
  keptSecrets: KeptSecretStore;
}): TransferOperations {
  const { configPath, homeDir, appData } = settings;

  /**
   * The entry of `name` Claude Code loads from `scope`: for project scope the closest `.mcp.json`
   * holding it, from the project dir up (a parent's entry is the project's too).
   */
  async function storedIn(scope: Scope, name: string, projectPath: string): Promise<StoredEntry | undefined> {
    if (scope !== 'project') return readers.storedIn(scope, name, projectPath);
    for (const dir of await projectDirChain(projectPath)) {
      const stored = await readers.storedIn(scope, name, projectPath, join(dir, '.mcp.json'));
      if (stored !== undefined) return stored;
    }
    return undefined;
  }

  /** Where a replaced entry is: a project entry in the `.mcp.json` it was found in (the CLI runs in that dir). */
  async function replacedPlace(name: string, scope: Scope, projectPath: string): Promise<EntryPlace> {
    const stored = scope === 'project' ? await storedIn(scope, name, projectPath) : undefined;
    return stored === undefined
      ? entries.placeFor(name, scope, projectPath)
      : { name, scope, projectPath, source: stored.source };
  }

  return createTransferOperations({
    configPath,
    desktopConfigPath: claudeDesktopConfigPath({ platform: process.platform, homeDir, appData }),
    existingProject: (projectPath) => readers.existingProject(projectPath),
    storedIn,
    inQueueTurn: (task) => turns.change(task),
    addEntry: async ({ name, scope, projectPath, entry }) => {
      const place = await entries.placeFor(name, scope, projectPath);
      const target = { ...place, entry };
      // What it stores is durable before add-json (the intent), so a cut-off import that landed is recorded.
      const plan = { after: target };
      return entries.recordedChange({ kind: 'entries', procedure: 'mcp.import', place, plan }, () =>
        entries.addRecorded('mcp.import', target),
      );
    },
    // One recorded change from the stored entry to the imported one: a failed add puts the old one back.
    replaceEntry: async ({ name, scope, projectPath, entry }) => {
      const place = await replacedPlace(name, scope, projectPath);
      const stored = await entries.storedAt(place);
      if (stored === undefined)
        throw new McpCoreError('NOT_FOUND', `"${name}" is no longer in ${scope} scope.`);
      const [from, to] = [
        { ...place, entry: stored.entry },
        { ...place, entry },
      ];
      const plan = { before: from, after: to };
      return entries.recordedChange({ kind: 'entries', procedure: 'mcp.import', place, plan }, () =>
        entries.replace('mcp.import', from, to),
      );
    },
    keptValues: (unwrapped) => keptSecrets.real(unwrapped),
  });
}
