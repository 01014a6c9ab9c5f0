#!/usr/bin/env node
/**
 * `mcp-admin`, the installed package's command: `pnpm start` without the monorepo. Built into
 * dist/cli.mjs (scripts/build.ts), with the panel beside it in dist/panel.
 */
import { runMcpAdmin } from '@mcp-admin/server';
import { fileURLToPath } from 'node:url';

import packageJson from '../package.json' with { type: 'json' };

await runMcpAdmin({
  argv: process.argv.slice(2),
  version: packageJson.version,
  webDist: fileURLToPath(new URL('panel', import.meta.url)),
});
