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
import { plannedChange, runPlannedChange } from '../engine';
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
    // Each imported server one change in the batch's turn (`inQueueTurn`).
    addEntry: ({ name, scope, projectPath, entry }) =>
      runPlannedChange(
        plannedChange({
          record: entries.recordedChange,
          // What it stores is durable before add-json (the intent), so a cut-off import that landed is recorded.
          plan: async () => {
            const place = await entries.placeFor(name, scope, projectPath);
            const plan = { after: { ...place, entry } };
            return { subject: { kind: 'entries', procedure: 'mcp.import', place, plan } as const };
          },
          // The entry added whole; undone by removing `after`.
          steps: ({ subject: { plan } }) => entries.addRecorded('mcp.import', plan.after),
        }),
      ),
    // One recorded change from the stored entry to the imported one: a failed add puts the old one back.
    replaceEntry: ({ name, scope, projectPath, entry }) =>
      runPlannedChange(
        plannedChange({
          record: entries.recordedChange,
          plan: async () => {
            const place = await replacedPlace(name, scope, projectPath);
            const stored = await entries.storedAt(place);
            if (stored === undefined)
              throw new McpCoreError('NOT_FOUND', `"${name}" is no longer in ${scope} scope.`);
            const plan = { before: { ...place, entry: stored.entry }, after: { ...place, entry } };
            return { subject: { kind: 'entries', procedure: 'mcp.import', place, plan } as const };
          },
          // `before` removed, `after` added (`before` put back when the add fails); undone the other way.
          steps: ({ subject: { plan } }) => entries.replace('mcp.import', plan.before, plan.after),
        }),
      ),
    keptValues: (unwrapped) => keptSecrets.real(unwrapped),
  });
}
