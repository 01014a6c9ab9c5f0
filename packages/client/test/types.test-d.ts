/**
 * Compile-time contract of the client, checked by `pnpm --filter @mcp-admin/client typecheck`:
 * each `@ts-expect-error` fails the typecheck if the mistake below it stops being an error.
 */
/* eslint-disable @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-member-access -- the
   wrong calls below resolve to no type on purpose */
import type { McpAdminClient, RouterInputs, RouterOutputs } from '../src';

declare const client: McpAdminClient;

export async function wrongUsesDoNotCompile(): Promise<void> {
  // @ts-expect-error: there is no procedure `mcp.delete` (it is `mcp.remove`).
  await client.mcp.delete.mutate({ name: 'x' });

  // @ts-expect-error: `scope` is one of user, local, project.
  await client.mcp.add.mutate({ name: 'x', scope: 'global', command: 'node' });

  // @ts-expect-error: `reveal` is a boolean.
  await client.mcp.list.query({ reveal: 'yes' });

  // @ts-expect-error: `mcp.add` is a mutation, not a query.
  await client.mcp.add.query({ name: 'x', scope: 'user', command: 'node' });

  // @ts-expect-error: `mcp.check` needs the scope of the entry to check.
  await client.mcp.check.mutate({ name: 'x' });

  // @ts-expect-error: `mcp.update` takes what to change in `server`, not beside the name.
  await client.mcp.update.mutate({ name: 'x', scope: 'user', args: ['-v'] });

  // @ts-expect-error: `mcp.import` takes the document as text in `json`, not as an object.
  await client.mcp.import.mutate({ json: { mcpServers: {} }, scope: 'user' });
}

export async function rightUsesCompile(): Promise<{
  added: { ok: true; message: string };
  listed: RouterOutputs['mcp']['list'];
  checked: 'ok' | 'failed' | 'timeout' | 'needs-auth';
  imported: { name: string; outcome: 'added' | 'would-add' | 'exists' | 'invalid' | 'failed' }[];
}> {
  const input: RouterInputs['mcp']['add'] = { name: 'x', scope: 'user', command: 'node', args: ['-v'] };
  const added = await client.mcp.add.mutate(input);
  const listed = await client.mcp.list.query({ reveal: true });
  const { status: checked } = await client.mcp.check.mutate({ name: 'x', scope: 'user', timeoutMs: 5_000 });
  const imported = await client.mcp.import.mutate({
    json: '{"mcpServers": {}}',
    scope: 'local',
    dryRun: true,
  });
  return { added, listed, checked, imported };
}
