/** `pnpm start`: serve MCP Admin against the user's real config until SIGINT/SIGTERM. */
import { startServer } from './http/start-server';

try {
  const server = await startServer();
  console.log(`MCP Admin listening on ${server.signInUrl}`);
  // A second signal while closing gets the default action: the process ends at once.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void server.close().then(() => process.exit(0));
    });
  }
} catch (error) {
  console.error(`MCP Admin could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
