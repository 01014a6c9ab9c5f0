#!/usr/bin/env node
/**
 * Fails when docs/claude-code-facts.md points at a test that does not exist: every
 * `` `path` › title `` must name an existing test file (`core/` is packages/mcp-core/test/) and a
 * test or describe title in it; a file it names must drive the real CLI. Run by `pnpm lint`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { drivesRealCli } from './unit-tests-without-cli.mjs';

const root = resolve(import.meta.dirname, '..');
const factsFile = 'docs/claude-code-facts.md';
const doc = readFileSync(join(root, factsFile), 'utf8');

const normalize = (text) =>
  text
    .replace(/\\([|_*])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
const pathOf = (ref) => (ref.startsWith('core/') ? `packages/mcp-core/test/${ref.slice(5)}` : ref);

/** A title as a pattern: `it.each` placeholders (`%s`, `$name`) match any text. */
function titlePattern(title) {
  const parts = title.split(/%[sdifjo#%]|\$\{[^}]*\}|\$\{.*$|\$[\w.]+/);
  return new RegExp(`^${parts.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+?')}`);
}

const titlesByFile = new Map();
function titlesIn(path) {
  if (!titlesByFile.has(path)) {
    const source = readFileSync(join(root, path), 'utf8');
    const titles = [
      ...source.matchAll(
        /\b(?:it|test|describe)(?:\.\w+(?:\((?:[^()]|\([^()]*\))*\))?)*\(\s*(['"`])((?:\\.|(?!\1)[\s\S])*?)\1/g,
      ),
    ]
      .map(([, , title]) => normalize(title.replace(/\\(['"`])/g, '$1')))
      .filter(Boolean);
    titlesByFile.set(path, titles.map(titlePattern));
  }
  return titlesByFile.get(path);
}

const problems = [];
let references = 0;
// A reference is a test file in backticks, then optionally " › " and the text that starts with a title.
const reference = /`((?:core|packages|apps|e2e)\/[^`]+\.(?:test|spec)\.ts)`(?:\s*›\s*((?:\\\||[^|`])+))?/g;
// A unit is a table row or a paragraph; a test it names after **Not checked** checks our side only.
for (const unit of doc.split(/\n(?=\|)|\n\s*\n/)) {
  const text = unit.replace(/\n/g, ' ');
  const ourSideOnly = /\*\*not checked\*\*/i.test(text);
  for (const [, ref, titled] of text.matchAll(reference)) {
    references += 1;
    const path = pathOf(ref);
    if (!existsSync(join(root, path))) {
      problems.push(`${ref}: no such test file`);
      continue;
    }
    if (!ourSideOnly && !path.startsWith('e2e/') && !drivesRealCli(join(root, path))) {
      problems.push(`${ref}: does not run the real Claude CLI`);
    }
    if (titled === undefined) continue;
    const title = normalize(titled);
    if (!titlesIn(path).some((pattern) => pattern.test(title))) {
      problems.push(`${ref} › ${title.slice(0, 120)}: no test of that title in the file`);
    }
  }
}
const unchecked = doc.match(/\*\*Not checked\*\*/g)?.length ?? 0;

if (problems.length > 0) {
  console.error(
    `${factsFile}: ${problems.length} of ${references} references are wrong:\n  ${problems.join('\n  ')}`,
  );
  process.exit(1);
}
console.log(
  `${factsFile}: ${references} references to tests, each found; ${unchecked} facts marked Not checked`,
);
