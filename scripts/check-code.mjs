#!/usr/bin/env node
/**
 * `pnpm checks`' typecheck and ESLint of one half of the workspace, on one program per tsconfig:
 * each program is built once, its type errors reported as `pnpm typecheck` reports them, and then
 * given to ESLint's type-aware rules (typescript-eslint's `programs`) instead of their building and
 * type-checking it again from the tsconfig. Apart, `pnpm typecheck` and ESLint over the same files
 * took 104 s of one core; together 51 s (measured on 2 idle cores). Exits 1 on any type error,
 * ESLint error or warning.
 * Usage: node scripts/check-code.mjs core|rest
 *   core: the packages, the server and the CLI app (tsconfig.check.json)
 *   rest: the panel (apps/web/tsconfig.json), then e2e, bench and the root's files (tsconfig.json)
 */
import { ESLint } from 'eslint';
import { checkPrograms, formatDiagnostics, ROOT } from './typescript-programs.mjs';

/** Each half: its tsconfigs, and what ESLint lints with each one's program. */
const HALVES = {
  core: [
    { tsconfig: 'tsconfig.check.json', lint: ['packages', 'apps/server', 'apps/mcp-admin'], ignore: [] },
  ],
  rest: [
    { tsconfig: 'apps/web/tsconfig.json', lint: ['apps/web'], ignore: [] },
    {
      tsconfig: 'tsconfig.json',
      lint: ['.'],
      ignore: ['packages/**', 'apps/server/**', 'apps/mcp-admin/**', 'apps/web/**'],
    },
  ],
};

const half = HALVES[process.argv[2]];
if (half === undefined) {
  process.stderr.write(`usage: node scripts/check-code.mjs ${Object.keys(HALVES).join('|')}\n`);
  process.exit(2);
}

let problems = 0;
let report = '';
const diagnostics = await checkPrograms(
  half.map(({ tsconfig }) => tsconfig),
  async (program, tsconfig) => {
    const { lint, ignore } = half.find((part) => part.tsconfig === tsconfig);
    const eslint = new ESLint({
      cwd: ROOT,
      ignorePatterns: ignore,
      // Type information from the program just checked; JavaScript files are linted without (eslint.config.js).
      overrideConfig: [
        {
          files: ['**/*.ts', '**/*.tsx'],
          languageOptions: { parserOptions: { project: false, projectService: false, programs: [program] } },
        },
      ],
    });
    const results = await eslint.lintFiles(lint);
    problems += results.reduce((sum, result) => sum + result.errorCount + result.warningCount, 0);
    const formatter = await eslint.loadFormatter('stylish');
    report += await formatter.format(results);
    report += `ESLint: ${String(results.length)} files, with the program of ${tsconfig}\n`;
  },
);
process.stdout.write(formatDiagnostics(diagnostics, process.stdout.isTTY) + report);
process.exit(diagnostics.length > 0 || problems > 0 ? 1 : 0);
