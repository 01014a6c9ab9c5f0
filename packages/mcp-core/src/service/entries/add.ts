/** `mcp.add`: one entry stored whole with `add-json` (secrets on stdin), read back and recorded. */
import { expandedTexts, missingVariables } from '../../config';
import { addServerInputSchema } from '../../schemas';
import { describedChange, plannedChange } from '../engine';
import type { EngineContext } from '../engine';
import type { EntryChanges } from './changes';

import { addedEntry } from './edits';
import { keptAt } from './kept-secrets';
import type { KeptSecretStore } from './kept-secrets';
import type { PlacedEntry } from '../history';
import type { McpAdmin } from '../contract';

export function createAddServer({
  turns,
  readers,
  settings,
  entries,
  keptSecrets,
}: Pick<EngineContext, 'turns' | 'readers' | 'settings'> & {
  entries: EntryChanges;
  keptSecrets: KeptSecretStore;
}): Pick<McpAdmin, 'add'> {
  return {
    add: describedChange(
      { turns, readers },
      {
        input: addServerInputSchema,
        project: (input, existingProject) => existingProject(input.projectPath),
        change: (input, projectPath) =>
          plannedChange({
            record: entries.recordedChange,
            plan: async () => {
              const place = await entries.placeFor(input.name, input.scope, projectPath);
              // A name stored already: the CLI refuses it, and what a read-back finds is not this add's.
              const taken = (await entries.storedAt(place)) !== undefined;
              // Kept in the keychain first: one missing or locked refuses the add before anything is stored.
              const kept =
                input.secretsIn === 'keychain' && !taken
                  ? await keptSecrets.keep(place, addedEntry(input))
                  : { entry: addedEntry(input), accounts: [] };
              // Through add-json, so env and header values go on stdin, never on argv.
              const asked: PlacedEntry = { ...place, entry: kept.entry };
              // What it stores is durable before add-json (the intent; a kept entry by its ref), so a cut-off add that landed is recorded.
              const plan = taken ? undefined : { after: asked };
              const subject = { kind: 'entries', procedure: 'mcp.add', place, plan } as const;
              return { subject, taken, kept, asked };
            },
            // The entry added whole; undone by removing `after`.
            steps: async ({ taken, asked }) => {
              if (!taken) return entries.addRecorded('mcp.add', asked);
              const added = await entries.addWhole('mcp.add', asked);
              return { ok: true, result: added.result, moves: { after: added.stored } };
            },
            // Said with the answer: "Added" alone would hide that the server cannot start yet.
            answer: (answer) => {
              const missingEnv = missingVariables(expandedTexts(addedEntry(input)), settings.spawnEnv);
              return missingEnv.length === 0 ? answer : { ...answer, missingEnv };
            },
            // Its kept secrets go unless the entry that holds them is stored all the same.
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
