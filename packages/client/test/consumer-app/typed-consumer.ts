/**
 * A strict TypeScript app using the installed client. It compiles only while the package's
 * types are the router's own: each `@ts-expect-error` fails the compile if the mistake below it
 * stops being an error, as it would if the types degraded to `any`.
 */
import { createMcpAdminClient } from '@mcp-admin/client';
import type { AppRouter, McpAdminClient, RouterInputs, RouterOutputs } from '@mcp-admin/client';

const client: McpAdminClient = createMcpAdminClient({ url: 'http://127.0.0.1:7420', token: 'token' });

type Scope = 'user' | 'local' | 'project';
/** The list also shows the scopes Claude Code reads but the CLI does not write. */
type ListedScope = Scope | 'managed' | 'plugin';
type Status =
  | 'active'
  | 'shadowed'
  | 'pending'
  | 'rejected'
  | 'disabled-in-project'
  | 'disabled'
  | 'blocked'
  | 'overridden';

export async function rightCalls(): Promise<void> {
  const info: {
    version: string;
    configPath: string;
    defaultProject: string;
    cli: { path: string; version: string } | { error: string };
  } = await client.system.info.query();
  const projects: { path: string; localCount: number; hasMcpJson: boolean }[] =
    await client.mcp.projects.query();
  const input: RouterInputs['mcp']['add'] = { name: 'web', scope: 'user', url: 'https://example.com/mcp' };
  const added: { ok: true; message: string } = await client.mcp.add.mutate(input);
  const listed: {
    configPath: string;
    projectPath: string;
    servers: {
      name: string;
      scope: ListedScope;
      transport: 'stdio' | 'http' | 'sse' | 'unknown';
      env?: Record<string, string>;
      status: Status;
      statusReason: string;
      missingEnv?: string[];
    }[];
  } = await client.mcp.list.query({ reveal: true, projectPath: '/work/project' });
  const removed: RouterOutputs['mcp']['remove'] = await client.mcp.remove.mutate({
    name: 'web',
    scope: 'user',
  });
  const subscription = client.mcp.events.subscribe(
    {},
    {
      onData: (event: { id: string; data: { file: string; exists: boolean } }) => {
        console.log(event.data.file, event.data.exists);
      },
    },
  );
  subscription.unsubscribe();
  console.log(info.version, projects.length, added.message, listed.servers.length, removed.ok);
}

export async function wrongCalls(router: AppRouter): Promise<void> {
  // @ts-expect-error: there is no procedure `mcp.delete` (it is `mcp.remove`).
  await client.mcp.delete.mutate({ name: 'web' });

  // @ts-expect-error: `scope` is one of user, local, project.
  await client.mcp.add.mutate({ name: 'web', scope: 'global', command: 'node' });

  // @ts-expect-error: `reveal` is a boolean.
  await client.mcp.list.query({ reveal: 'yes' });

  // @ts-expect-error: `mcp.add` is a mutation, not a query.
  await client.mcp.add.query({ name: 'web', scope: 'user', command: 'node' });

  const { servers } = await client.mcp.list.query();
  // @ts-expect-error: a server's `transport` is one of four names, not any string.
  const transport: 'stdio' = servers[0]!.transport;

  const { message } = await client.mcp.remove.mutate({ name: 'web' });
  // @ts-expect-error: the CLI's report is a string.
  const count: number = message;

  // @ts-expect-error: a server's `status` is one of the fixed words, not any string.
  const status: 'active' = servers[0]!.status;

  // @ts-expect-error: the router has no `admin` branch.
  console.log(router.admin, transport, count, status);
}
