// A plain Node ESM app using the installed client: calls every procedure of the API once and
// prints what came back as one JSON document. MCP_ADMIN_URL and MCP_ADMIN_TOKEN say where.
import { createMcpAdminClient } from '@mcp-admin/client';

const client = createMcpAdminClient({ url: process.env.MCP_ADMIN_URL, token: process.env.MCP_ADMIN_TOKEN });

// Promise.withResolvers arrives in Node 22.
function deferred() {
  let resolve;
  let reject;
  const promise = new Promise((settle, fail) => {
    resolve = settle;
    reject = fail;
  });
  return { promise, resolve, reject };
}

const info = await client.system.info.query();

const started = deferred();
const firstEvent = deferred();
const subscription = client.mcp.events.subscribe(
  {},
  {
    onStarted: () => started.resolve(),
    onData: (event) => firstEvent.resolve(event),
    onError: (error) => {
      started.reject(error);
      firstEvent.reject(error);
    },
  },
);
await started.promise;
const added = await client.mcp.add.mutate({
  name: 'docs',
  scope: 'local',
  command: 'node',
  args: ['server.js'],
  env: { API_KEY: 's3cret' },
});
const event = await firstEvent.promise;
subscription.unsubscribe();

const projects = await client.mcp.projects.query();
const listed = await client.mcp.list.query();
const revealed = await client.mcp.list.query({ reveal: true });
const removed = await client.mcp.remove.mutate({ name: 'docs' });

console.log(JSON.stringify({ info, added, event, projects, listed, revealed, removed }));
