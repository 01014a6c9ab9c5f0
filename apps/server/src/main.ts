/** `pnpm start`: serve MCP Admin against the user's real config until SIGINT/SIGTERM. */
import packageJson from '../package.json' with { type: 'json' };

import { runMcpAdmin } from './command';

await runMcpAdmin({ argv: process.argv.slice(2), version: packageJson.version });
