#!/usr/bin/env node
/**
 * Counts the tests (`it(` / `test(`, with .each/.skip/.only/.concurrent) and assertions (`expect(`,
 * `expect.soft(`, `expect.poll(`) of each vitest file, with totals per layer, so a change that moves
 * assertions between files can show that none was lost. Usage: node scripts/count-assertions.mjs
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const TEST =
  /(?<![\w.])(?:it|test)(?:\.(?:each|skip|only|concurrent|fails|sequential)\b(?:\([^)]*\))?)*(?:`[^`]*`)?\s*\(/g;
const EXPECT = /(?<![\w.])expect(?:\.(?:soft|poll))?\s*\(/g;

function* testFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* testFiles(path);
    else if (entry.name.endsWith('.test.ts')) yield path;
  }
}

const layerOf = (file) => file.split('/').slice(0, 2).join('/');
const rows = [];
for (const top of ['packages', 'apps']) {
  for (const file of testFiles(join(root, top))) {
    const text = readFileSync(file, 'utf8');
    rows.push({
      file: relative(root, file),
      tests: text.match(TEST)?.length ?? 0,
      expects: text.match(EXPECT)?.length ?? 0,
    });
  }
}
rows.sort((a, b) => a.file.localeCompare(b.file));
const layers = new Map();
for (const row of rows) {
  const layer = layers.get(layerOf(row.file)) ?? { tests: 0, expects: 0, files: 0 };
  layer.tests += row.tests;
  layer.expects += row.expects;
  layer.files += 1;
  layers.set(layerOf(row.file), layer);
}
for (const row of rows)
  console.log(`${String(row.tests).padStart(4)} ${String(row.expects).padStart(5)}  ${row.file}`);
console.log('\nper layer: files tests expects');
let all = { files: 0, tests: 0, expects: 0 };
for (const [layer, sum] of layers) {
  console.log(
    `${layer.padEnd(22)} ${String(sum.files).padStart(4)} ${String(sum.tests).padStart(5)} ${String(sum.expects).padStart(6)}`,
  );
  all = { files: all.files + sum.files, tests: all.tests + sum.tests, expects: all.expects + sum.expects };
}
console.log(
  `${'total'.padEnd(22)} ${String(all.files).padStart(4)} ${String(all.tests).padStart(5)} ${String(all.expects).padStart(6)}`,
);
