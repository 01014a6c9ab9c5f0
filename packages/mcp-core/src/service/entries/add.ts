/** `mcp.add`: one entry stored whole with `add-json` (secrets on stdin), read back and recorded. */
import { expandedTexts, missingVariables } from '../../config';
import { addServerInputSchema } from '../../schemas';
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
    async add(rawInput) {
      const input = addServerInputSchema.parse(rawInput);
      const projectPath = await readers.existingProject(input.projectPath);
      // Said with the answer: "Added" alone would hide that the server cannot start yet.
      const missingEnv = missingVariables(expandedTexts(addedEntry(input)), settings.spawnEnv);
      const answer = await turns.change(async () => {
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
        try {
          return await entries.recordedChange(subject, async () => {
            if (!taken) return entries.addRecorded('mcp.add', asked);
            const added = await entries.addWhole('mcp.add', asked);
            return { ok: true, result: added.result, moves: { after: added.stored } };
          });
        } catch (error) {
          if (kept.accounts.length > 0 && !(await keptAt(entries, place, kept.entry))) {
            await keptSecrets.forget(kept.accounts);
          }
          throw error;
        }
      });
      return missingEnv.length === 0 ? answer : { ...answer, missingEnv };
    },
  };
}
