/**
 * `mcp.update`: one stored entry replaced in one queue turn (remove, then `add-json` of the whole
 * entry merged with the edit; the old one put back when the add fails), moved when the edit names
 * another name, scope or project. The remove forgets a signed-in server's sign-in: the answer says so.
 */
import { isDeepStrictEqual } from 'node:util';
import { checkImportedEntry } from '../../cli';
import { McpCoreError } from '../../errors';
import { keepableSecrets, unwrapEntry } from '../../kept-secrets';
import { KEYCHAIN_SCOPES_ONLY, updateServerInputSchema } from '../../schemas';
import {
  describedChange,
  nothingToChange,
  noServerNamed,
  plannedChange,
  withinQueuedReadDeadline,
} from '../engine';
import type { EngineContext } from '../engine';
import type { EntryChanges } from './changes';

import { mergedEntry } from './edits';
import { keptAt } from './kept-secrets';
import type { KeptSecretStore } from './kept-secrets';
import type { McpAdmin } from '../contract';
import { signInAtRisk, withSignInLoss } from '../sign-in';

export function createUpdateServer({
  settings: { credentialsPath },
  turns,
  readers,
  entries,
  keptSecrets,
}: Pick<EngineContext, 'settings' | 'turns' | 'readers'> & {
  entries: EntryChanges;
  keptSecrets: KeptSecretStore;
}): Pick<McpAdmin, 'update'> {
  return {
    update: describedChange(
      { turns, readers },
      {
        input: updateServerInputSchema,
        project: async (input, existingProject) => {
          const projectPath = await existingProject(input.projectPath);
          const targetProject =
            input.server.projectPath === undefined
              ? projectPath
              : await existingProject(input.server.projectPath);
          return { projectPath, targetProject };
        },
        change: (input, { projectPath, targetProject }) =>
          plannedChange({
            record: entries.recordedChange,
            plan: async () => {
              const fromPlace = await entries.listedPlace(input.name, input.scope, input.source, projectPath);
              const stored = await entries.storedAt(fromPlace);
              if (stored === undefined) {
                throw noServerNamed(input.name, `in ${input.scope} scope (${fromPlace.source})`);
              }
              const from = { ...fromPlace, entry: stored.entry };
              const to = await entries.editedPlace(from, input.server, targetProject);
              // A kept entry is edited as the user wrote it, its values read from the keychain (a missing
              // or locked item refuses the edit here); its secrets stay where they are unless `secretsIn` says.
              const unwrapped = unwrapEntry(from.entry);
              const written = unwrapped === undefined ? from.entry : await keptSecrets.real(unwrapped);
              const secretsIn = input.secretsIn ?? (unwrapped === undefined ? 'config' : 'keychain');
              if (secretsIn === 'keychain' && to.scope === 'project') {
                throw new McpCoreError('INVALID_INPUT', `secretsIn: ${KEYCHAIN_SCOPES_ONLY}`);
              }
              const checked = checkImportedEntry(to.name, mergedEntry(written, input.server));
              if (!checked.ok) {
                throw new McpCoreError(
                  'INVALID_INPUT',
                  `server: the edited entry breaks the rules: ${checked.problems}`,
                );
              }
              const moves = !(await entries.samePlace(from, to));
              // An entry with no secret to keep stays as it is whatever `secretsIn` asks.
              const keeps = secretsIn === 'keychain' && hasKeepableSecrets(checked.entry);
              const keptAlready = keeps === (unwrapped !== undefined);
              if (!moves && keptAlready && isDeepStrictEqual(checked.entry, written)) {
                return nothingToChange({
                  ok: true,
                  message: `Nothing to change: "${from.name}" is already stored like that.`,
                });
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
                      server.name === from.name &&
                      server.scope === from.scope &&
                      server.source === from.source,
                  ),
              });
              // Under a new ref: the old entry's items stay for the undo of this edit.
              const kept = keeps
                ? await keptSecrets.keep(to, checked.entry)
                : { entry: checked.entry, accounts: [] };
              const edited = { ...to, entry: kept.entry };
              // The old entry is durable (the intent) before its remove: a crash before the add cannot lose it.
              const plan = { before: from, after: edited };
              const subject = { kind: 'entries', procedure: 'mcp.update', place: to, plan } as const;
              return { subject, kept, atRisk };
            },
            // `before` removed, `after` added whole (`before` put back when the add fails); undone the other way.
            steps: ({ subject: { plan } }) => entries.replace('mcp.update', plan.before, plan.after),
            answer: (result, { subject: { plan }, atRisk }) =>
              withSignInLoss(result, credentialsPath, plan.before.name, atRisk, 'edit'),
            // Its new kept secrets go unless the edited entry that holds them is stored all the same.
            failed: async ({ subject: { place }, kept }) => {
              if (kept.accounts.length > 0 && !(await keptAt(entries, place, kept.entry))) {
                await keptSecrets.forget(kept.accounts);
              }
            },
          }),
      },
    ),
  };
}

function hasKeepableSecrets(entry: Record<string, unknown>): boolean {
  const { env, headers } = keepableSecrets(entry);
  return env.length + headers.length > 0;
}
