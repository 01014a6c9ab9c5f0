/** `pnpm start`'s build (scripts/build-changed.mjs): what it rebuilds, on a workspace of two tiny targets. */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { buildChanged, START_TARGETS, type BuildTarget } from '../scripts/build-changed.mjs';

/** A target whose build writes its output: `out/<name>.txt` holding the build's count. */
function target(name: string, inputs: string[]): BuildTarget {
  const write = `const fs = require('fs'); fs.mkdirSync('out', { recursive: true }); fs.appendFileSync('builds.log', '${name}\\n'); fs.writeFileSync('out/${name}.txt', String(Date.now()));`;
  return { name, inputs, output: `out/${name}.txt`, command: [process.execPath, ['-e', write]] };
}

describe("pnpm start's build", () => {
  let root: string;
  let targets: BuildTarget[];
  const write = (path: string, text: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };

  beforeEach(() => {
    root = realpathSync(mkdtempSync(join(tmpdir(), 'mcp-admin-build-changed-')));
    write('web/src/app.ts', 'app');
    write('core/src/index.ts', 'core');
    write('server/src/main.ts', 'main');
    write('lock.yaml', 'lock');
    targets = [
      target('panel', ['web', 'core', 'lock.yaml']),
      target('server', ['server', 'core', 'lock.yaml']),
    ];
  });

  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it('builds every target the first time and none when nothing changed', () => {
    expect(buildChanged(root, targets)).toEqual(['panel', 'server']);
    expect(buildChanged(root, targets)).toEqual([]);
  });

  it('builds only the targets whose inputs changed: a file of one, a file of both, the lockfile', () => {
    buildChanged(root, targets);

    write('web/src/app.ts', 'app, changed');
    const afterPanelChange = buildChanged(root, targets);
    write('server/src/new-module.ts', 'new');
    const afterServerAddition = buildChanged(root, targets);
    write('core/src/index.ts', 'core, changed');
    const afterSharedChange = buildChanged(root, targets);
    write('lock.yaml', 'lock, changed');
    const afterLockChange = buildChanged(root, targets);

    expect([afterPanelChange, afterServerAddition, afterSharedChange, afterLockChange]).toEqual([
      ['panel'],
      ['server'],
      ['panel', 'server'],
      ['panel', 'server'],
    ]);
  });

  it('ignores tests, outputs and node_modules inside an input folder', () => {
    buildChanged(root, targets);

    write('web/test/app.test.ts', 'test');
    write('web/dist/index.html', 'old build');
    write('web/node_modules/x/index.js', 'x');

    expect(buildChanged(root, targets)).toEqual([]);
  });

  it('builds a target again when its output is gone or another build replaced it', () => {
    buildChanged(root, targets);

    rmSync(join(root, 'out', 'panel.txt'));
    const afterRemoval = buildChanged(root, targets);
    utimesSync(join(root, 'out', 'server.txt'), new Date(), new Date(Date.now() + 5_000));
    const afterReplacement = buildChanged(root, targets);

    expect([afterRemoval, afterReplacement]).toEqual([['panel'], ['server']]);
  });

  it('names as inputs every workspace package bundled into the panel and the server, the lockfile among them', () => {
    expect(START_TARGETS.map(({ name, inputs, output }) => ({ name, inputs, output }))).toEqual([
      {
        name: 'panel',
        inputs: ['apps/web', 'packages/mcp-core', 'packages/api', 'pnpm-lock.yaml', 'tsconfig.base.json'],
        output: 'apps/web/dist/index.html',
      },
      {
        name: 'server',
        inputs: ['apps/server', 'packages/mcp-core', 'packages/api', 'pnpm-lock.yaml', 'tsconfig.base.json'],
        output: 'apps/server/dist/main.mjs',
      },
    ]);
  });
});
