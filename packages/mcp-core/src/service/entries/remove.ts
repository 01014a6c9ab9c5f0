/** `mcp.remove`: one listed entry removed with the CLI (or from the stash), read back and recorded. */
import { findStoredEntries } from '../../config';
import { McpCoreError } from '../../errors';
import { removeServerInputSchema } from '../../schemas';
import type { Scope } from '../../schemas';
import { describedChange, noServerNamed, plannedChange, withinQueuedReadDeadline } from '../engine';
import type { EngineContext } from '../engine';
import type { EntryChanges } from './changes';

import type { McpAdmin } from '../contract';

export function createRemoveServer({
  settings,
  turns,
  readers,
  entries,
}: Pick<EngineContext, 'settings' | 'turns' | 'readers'> & { entries: EntryChanges }): Pick<
  McpAdmin,
  'remove'
> {
  // Without a scope the CLI refuses a name held in several scopes, so the scope is picked here.
  async function onlyStoredScope(name: string, projectPath: string): Promise<Scope> {
    const { configPath } = settings;
    const stored = await withinQueuedReadDeadline(() => findStoredEntries({ configPath, projectPath, name }));
    const scopes = stored.map((entry) => entry.scope);
    const [scope, ...others] = scopes;
    if (scope === undefined) throw noServerNamed(name, 'in local, project or user scope');
    if (others.length > 0) {
      throw new McpCoreError(
        'AMBIGUOUS',
        `MCP server "${name}" exists in several scopes (${scopes.join(', ')}); give the scope to remove it from.`,
      );
    }
    return scope;
  }

  return {
    remove: describedChange(
      { turns, readers },
      {
        input: removeServerInputSchema,
        project: (input, existingProject) => existingProject(input.projectPath),
        change: (input, projectPath) =>
          plannedChange({
            record: entries.recordedChange,
            // What it takes away is durable before the remove (the intent), so a crash cannot lose it.
            plan: async () => {
              const scope = input.scope ?? (await onlyStoredScope(input.name, projectPath));
              const place = await entries.listedPlace(input.name, scope, input.source, projectPath);
              const stored = await entries.storedAt(place);
              const plan = stored === undefined ? undefined : { before: { ...place, entry: stored.entry } };
              return { subject: { kind: 'entries', procedure: 'mcp.remove', place, plan } as const };
            },
            // The entry removed; undone by adding `before` back whole.
            steps: async ({ subject: { place, plan } }) =>
              // Nothing stored there: the CLI says so, and nothing can land.
              plan === undefined
                ? { ok: true, result: await entries.removeAt('mcp.remove', place), moves: {} }
                : entries.removeRecorded('mcp.remove', plan.before),
          }),
      },
    ),
  };
}
