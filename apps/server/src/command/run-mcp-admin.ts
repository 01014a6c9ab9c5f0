/**
 * The command a person runs (`pnpm start`, or the installed package's `mcp-admin`): read the
 * options, then serve against the user's real config until SIGINT/SIGTERM.
 */
import { startServer, type StartServerOptions } from '../http/start-server';

import { HELP } from './help';

export interface McpAdminCommand {
  /** The arguments after the program's name. */
  argv: readonly string[];
  /** What `--version` prints. */
  version: string;
  /** The built panel, when it is not beside the sources (the installed package). */
  webDist?: StartServerOptions['webDist'];
}

export async function runMcpAdmin({ argv, version, webDist }: McpAdminCommand): Promise<void> {
  // `pnpm start -- --help` hands the `--` on.
  const [option, ...rest] = argv[0] === '--' ? argv.slice(1) : argv;
  if (option === '--help' || option === '-h') {
    process.stdout.write(HELP);
    return;
  }
  if (option === '--version' || option === '-v') {
    process.stdout.write(`${version}\n`);
    return;
  }
  if (option !== undefined || rest.length > 0) {
    process.stderr.write(`mcp-admin: unknown argument ${JSON.stringify(option)}\n\n${HELP}`);
    process.exitCode = 2;
    return;
  }
  try {
    const server = await startServer({
      requireCli: true,
      announce: true,
      ...(webDist !== undefined && { webDist }),
    });
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
}
