#!/usr/bin/env node
/**
 * `pnpm typecheck`: the type errors of the workspace's three programs (./typescript-programs.mjs),
 * as tsc prints them; exits 1 when there is any.
 * Usage: node scripts/typecheck.mjs [tsconfig …] (the three by default)
 */
import { checkPrograms, formatDiagnostics, TSCONFIGS } from './typescript-programs.mjs';

const diagnostics = await checkPrograms(process.argv.length > 2 ? process.argv.slice(2) : TSCONFIGS);
process.stdout.write(formatDiagnostics(diagnostics, process.stdout.isTTY));
process.exit(diagnostics.length > 0 ? 1 : 0);
