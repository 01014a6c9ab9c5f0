/**
 * Secrets never in argv (every user of the machine can read `/proc/<pid>/cmdline`): every change
 * that stores env or header values gives the CLI the entry on stdin. CLAUDE_BIN logs each argv
 * and hands its stdin on to the fake CLI (which stores what the real one stores from stdin:
 * core/cli/fake-claude-contract.test.ts); the real CLI's `claude mcp get` shows what was stored.
 */
import { PINNED_CLAUDE_BIN, runCliAsAnotherTerminal } from '@mcp-admin/core/testing';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

import { callerFor, gatedCliAdmin, spawnedArgv, useTestWorld } from './support';

// Servers that fail to connect at once, so `claude mcp get` answers quickly.
const exitsAtOnce = { command: process.execPath, args: ['-e', '0'] };
const refusedUrl = 'http://127.0.0.1:9/mcp';

describe('secrets and the CLI argv', () => {
  it('keep every env and header value out of the argv of add, edit, enable, undo and import, while claude mcp get shows each stored as given', async () => {
    const world = useTestWorld();
    const { admin, cliLog } = gatedCliAdmin(world);
    const api = callerFor(world, { admin });

    await api.mcp.add({ name: 'files', scope: 'user', ...exitsAtOnce, env: { API_KEY: 'added-env-s3cret' } });
    await api.mcp.add({
      name: 'web',
      scope: 'local',
      url: refusedUrl,
      headers: { Authorization: 'Bearer added-header-s3cret' },
    });
    await api.mcp.update({ name: 'files', scope: 'user', server: { env: { API_KEY: 'edited-env-s3cret' } } });
    await api.mcp.disable({ name: 'web', scope: 'local' });
    await api.mcp.enable({ name: 'web', scope: 'local' });
    await api.mcp.add({ name: 'gone', scope: 'user', ...exitsAtOnce, env: { TOKEN: 'undone-env-s3cret' } });
    await api.mcp.remove({ name: 'gone', scope: 'user' });
    const [removal] = await api.mcp.history({});
    await api.mcp.undo({ id: removal?.id ?? '' });
    await api.mcp.import({
      scope: 'user',
      json: JSON.stringify({
        mcpServers: {
          imported: { type: 'http', url: refusedUrl, headers: { 'X-Api-Key': 'imported-s3cret' } },
        },
      }),
    });

    expect(spawnedArgv(cliLog)).toEqual([
      'mcp add-json --scope user files -',
      'mcp add-json --scope local web -',
      'mcp remove --scope user files',
      'mcp add-json --scope user files -',
      'mcp remove --scope local web',
      'mcp add-json --scope local web -',
      'mcp add-json --scope user gone -',
      'mcp remove --scope user gone',
      'mcp add-json --scope user gone -',
      'mcp add-json --scope user imported -',
    ]);
    expect(readFileSync(cliLog, 'utf8')).not.toMatch(/s3cret/);
    const cliGet = (name: string) =>
      runCliAsAnotherTerminal(world, world.projectDir, ['mcp', 'get', name], {
        bin: PINNED_CLAUDE_BIN,
      }).catch((error: unknown) => String(error));
    const stored = {
      files: await cliGet('files'),
      web: await cliGet('web'),
      gone: await cliGet('gone'),
      imported: await cliGet('imported'),
    };
    expect({
      files: stored.files.includes('  Environment:\n    API_KEY=edited-env-s3cret\n'),
      web: stored.web.includes('  Headers:\n    Authorization: Bearer added-header-s3cret\n'),
      gone: stored.gone.includes('  Environment:\n    TOKEN=undone-env-s3cret\n'),
      imported: stored.imported.includes('  Headers:\n    X-Api-Key: imported-s3cret\n'),
    }).toEqual({ files: true, web: true, gone: true, imported: true });
  });
});
