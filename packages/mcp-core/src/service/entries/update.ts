/**
 * `mcp.update`: one stored entry replaced in one queue turn (remove, then `add-json` of the whole
 * entry merged with the edit; the old one put back when the add fails), moved when the edit names
 * another name, scope or project. The remove forgets a signed-in server's sign-in: the answer says so.
 */
import { isDeepStrictEqual } from 'node:util';
import { checkImportedEntry } from '../../cli';
import { McpCoreError } from '../../errors';
import { updateServerInputSchema } from '../../schemas';
import { noServerNamed, withinQueuedReadDeadline } from '../engine';
import type { EngineContext } from '../engine';
import type { EntryChanges } from './changes';

import { mergedEntry } from './edits';
import type { McpAdmin } from '../contract';
import { signInAtRisk, withSignInLoss } from '../sign-in';

export function createUpdateServer({
  settings: { credentialsPath },
  turns,
  readers,
  entries,
}: Pick<EngineContext, 'settings' | 'turns' | 'readers'> & { entries: EntryChanges }): Pick<
  McpAdmin,
  'update'
> {
  return {
    async update(rawInput) {
      const input = updateServerInputSchema.parse(rawInput);
      const projectPath = await readers.existingProject(input.projectPath);
      const targetProject =
        input.server.projectPath === undefined
          ? projectPath
          : await readers.existingProject(input.server.projectPath);
      return turns.change(async () => {
        const fromPlace = await entries.listedPlace(input.name, input.scope, input.source, projectPath);
        const stored = await entries.storedAt(fromPlace);
        if (stored === undefined) {
          throw noServerNamed(input.name, `in ${input.scope} scope (${fromPlace.source})`);
        }
        const from = { ...fromPlace, entry: stored.entry };
        const to = await entries.editedPlace(from, input.server, targetProject);
        const checked = checkImportedEntry(to.name, mergedEntry(from.entry, input.server));
        if (!checked.ok) {
          throw new McpCoreError(
            'INVALID_INPUT',
            `server: the edited entry breaks the rules: ${checked.problems}`,
          );
        }
        const moves = !(await entries.samePlace(from, to));
        if (!moves && isDeepStrictEqual(checked.entry, from.entry)) {
          return { ok: true, message: `Nothing to change: "${from.name}" is already stored like that.` };
        }
        if (moves && (await entries.storedAt(to)) !== undefined) {
          throw new McpCoreError(
            'INVALID_INPUT',
            `server: a server "${to.name}" already exists in ${to.scope} scope (${to.source})`,
          );
        }
        // The edit removes the entry and adds it back: Claude Code's remove forgets its sign-in.
        const atRisk = await signInAtRisk({
          credentialsPath,
          listedEntry: async () =>
            (await withinQueuedReadDeadline(() => readers.serversToCheck(projectPath))).find(
              (server) =>
                server.name === from.name && server.scope === from.scope && server.source === from.source,
            ),
        });
        const edited = { ...to, entry: checked.entry };
        // The old entry is durable (the intent) before its remove: a crash before the add cannot lose it.
        const result = await entries.recordedChange(
          { kind: 'entries', procedure: 'mcp.update', place: to, plan: { before: from, after: edited } },
          () => entries.replace('mcp.update', from, edited),
        );
        return withSignInLoss(result, credentialsPath, from.name, atRisk, 'edit');
      });
    },
  };
}
