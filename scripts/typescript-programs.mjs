/**
 * The workspace's three TypeScript programs, as `tsc --noEmit -p` builds them (packages and apps,
 * then e2e and bench, then the panel), and the type errors of the files each stands for: shared by
 * `pnpm typecheck` (./typecheck.mjs) and `pnpm checks` (./check-code.mjs, whose ESLint takes its type
 * information from the same programs). A file a program only imports (the core's sources, which the
 * panel and e2e import) is checked by the tsconfig that includes it, under the settings it is written
 * for, instead of again in each program that imports it: the panel's and the root's programs spent
 * about half their check time on the core's files. A source file no tsconfig includes is checked by
 * the first program built that has it, so none is left out.
 */
import { resolve } from 'node:path';
import ts from 'typescript';

export const ROOT = resolve(import.meta.dirname, '..');

/** Every tsconfig; a file several include is checked under the first. */
export const TSCONFIGS = ['tsconfig.check.json', 'tsconfig.json', 'apps/web/tsconfig.json'];

/**
 * Builds the program of each of `tsconfigs` (paths from the root) in turn, one at a time (each holds
 * several hundred MB), and gives it to `use` once its type errors are known, before the next is built.
 * Resolves to every type error found, the tsconfigs' own included.
 */
export async function checkPrograms(tsconfigs, use = async () => undefined) {
  const diagnostics = [];
  const parse = (path) =>
    ts.getParsedCommandLineOfConfigFile(
      resolve(ROOT, path),
      { noEmit: true },
      { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (diagnostic) => diagnostics.push(diagnostic) },
    );
  const all = new Map(TSCONFIGS.map((path) => [resolve(ROOT, path), undefined]));
  for (const path of tsconfigs) all.set(resolve(ROOT, path), undefined);
  for (const path of all.keys()) all.set(path, parse(path));
  if ([...all.values()].includes(undefined)) return diagnostics;

  /** Each file some tsconfig includes, and the first tsconfig that does. */
  const includedBy = new Map();
  for (const config of all.values()) {
    for (const fileName of config.fileNames) {
      const path = resolve(fileName);
      if (!includedBy.has(path)) includedBy.set(path, config);
    }
  }

  const checked = new Set();
  for (const tsconfig of tsconfigs) {
    const config = all.get(resolve(ROOT, tsconfig));
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
    await use(program, tsconfig);
  }
  return diagnostics;
}

/** Type errors as tsc prints them, with the count; empty when there is none. */
export function formatDiagnostics(diagnostics, color) {
  if (diagnostics.length === 0) return '';
  const host = {
    getCanonicalFileName: (fileName) => fileName,
    getCurrentDirectory: () => ROOT,
    getNewLine: () => ts.sys.newLine,
  };
  const format = color ? ts.formatDiagnosticsWithColorAndContext : ts.formatDiagnostics;
  return `${format(ts.sortAndDeduplicateDiagnostics(diagnostics), host)}\nFound ${String(diagnostics.length)} error(s).\n`;
}
