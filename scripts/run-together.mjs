#!/usr/bin/env node
/**
 * Runs the package scripts it is given (`pnpm <name>`), two at a time (this machine has 2 cores;
 * the typecheck and ESLint of each half of the workspace, scripts/check-code.mjs, use one each), in
 * the order given, each in the first slot that is free (so the two longest go first, and the short
 * ones fill whichever frees first). Prints each one's output
 * whole once it ends, so the lines of two never mix. Exits with the first failure's code once all
 * have ended, naming what failed.
 * Usage: node scripts/run-together.mjs check:code:core check:code:rest format:check build:changed lint:imports lint:facts
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const names = process.argv.slice(2);
const width = Math.max(1, Math.min(2, availableParallelism()));

/** Runs `pnpm <name>`, its stdout and stderr kept together in the order they came. */
function run(name) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('pnpm', [name], { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code, signal) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stdout.write(`\n▶ pnpm ${name} (${seconds} s)\n${Buffer.concat(chunks).toString()}`);
      resolve({ name, code: code ?? (signal === null ? 1 : 128) });
    });
  });
}

const waiting = [...names];
const results = [];
await Promise.all(
  Array.from({ length: width }, async () => {
    for (let name = waiting.shift(); name !== undefined; name = waiting.shift()) {
      results.push(await run(name));
    }
  }),
);
const failed = results.filter(({ code }) => code !== 0);
if (failed.length > 0) {
  process.stderr.write(
    `\nFailed: ${failed.map(({ name, code }) => `pnpm ${name} (exit ${code})`).join(', ')}\n`,
  );
  process.exit(failed[0]?.code ?? 1);
}
