#!/usr/bin/env node
/**
 * `pnpm typecheck`: the three programs `tsc --noEmit -p` built (packages and apps, then e2e and
 * bench, then the panel), each reporting the files its own tsconfig includes. A file a program
 * only imports (the core's sources, which the panel and e2e import) is checked by the tsconfig that
 * includes it, under the settings it is written for, instead of again in each program that imports
 * it: the panel's and the root's programs spent about half their check time on the core's files.
 * A source file no tsconfig includes is checked by the first program that has it, so none is left
 * out. Diagnostics as tsc prints them; exits 1 when there is any.
 * Usage: node scripts/typecheck.mjs [tsconfig …] (the three by default)
 */
import { resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(import.meta.dirname, '..');
const configPaths = (
  process.argv.length > 2
    ? process.argv.slice(2)
    : ['tsconfig.check.json', 'tsconfig.json', 'apps/web/tsconfig.json']
).map((path) => resolve(root, path));

const host = {
  getCanonicalFileName: (fileName) => fileName,
  getCurrentDirectory: () => root,
  getNewLine: () => ts.sys.newLine,
};
const diagnostics = [];
const configs = configPaths.map((path) => {
  const config = ts.getParsedCommandLineOfConfigFile(
    path,
    { noEmit: true },
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => diagnostics.push(diagnostic),
    },
  );
  if (config === undefined) {
    report();
    process.exit(1);
  }
  return config;
});
/** Each file some tsconfig includes, and the first tsconfig that does. */
const includedBy = new Map();
for (const config of configs) {
  for (const fileName of config.fileNames) {
    const path = resolve(fileName);
    if (!includedBy.has(path)) includedBy.set(path, config);
  }
}

const checked = new Set();
for (const config of configs) {
  // One program at a time: each holds several hundred MB.
  const program = ts.createProgram({
    rootNames: config.fileNames,
    options: config.options,
    projectReferences: config.projectReferences,
    configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(config),
  });
  const own = program.getSourceFiles().filter((file) => {
    const path = resolve(file.fileName);
    const includer = includedBy.get(path);
    if (checked.has(path) || (includer !== undefined && includer !== config)) return false;
    checked.add(path);
    return true;
  });
  // As tsc does: the semantic diagnostics only once no file has a syntax error.
  const found = [
    ...program.getConfigFileParsingDiagnostics(),
    ...program.getOptionsDiagnostics(),
    ...own.flatMap((file) => program.getSyntacticDiagnostics(file)),
  ];
  if (found.length === 0) {
    found.push(
      ...program.getGlobalDiagnostics(),
      ...own.flatMap((file) => program.getSemanticDiagnostics(file)),
    );
  }
  diagnostics.push(...found);
}
report();
process.exit(diagnostics.length > 0 ? 1 : 0);

function report() {
  if (diagnostics.length === 0) return;
  const format = process.stdout.isTTY ? ts.formatDiagnosticsWithColorAndContext : ts.formatDiagnostics;
  process.stdout.write(format(ts.sortAndDeduplicateDiagnostics(diagnostics), host));
  process.stdout.write(`\nFound ${String(diagnostics.length)} error(s).\n`);
}
