/**
 * A check is the MCP client Claude Code is, compared with the real CLI: it declares the same
 * capabilities in `initialize` (so a server that offers tools by them offers a check what it offers
 * a session), answers roots and elicitation as Claude Code does, and waits for a server to connect
 * as long as Claude Code does (MCP_TIMEOUT).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  createTestWorld,
  MCP_SERVER_SCRIPTS,
  PINNED_CLAUDE_BIN,
  worldAdminOptions,
} from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { execa } from 'execa';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { CLAUDE_CODE_CAPABILITIES } from '../../src/check/claude-code-client';
import { sessionToolName } from '../../src/check';
import { createMcpAdmin } from '../../src/service';
import { sessionStart } from '../support/claude-init';
import { writeConfig } from '../support/stored-config';

// One session, or one `claude mcp list`, each up to 90 s on a busy machine, and a check.
const CLI_TIMEOUT_MS = 150_000;

let world: TestWorld;
beforeEach(() => {
  world = createTestWorld();
});
afterEach(() => {
  world.remove();
});

function fixtureEntry(env: Record<string, string>) {
  return { type: 'stdio', command: process.execPath, args: [MCP_SERVER_SCRIPTS.byClientCapabilities], env };
}

it(
  "a server that offers tools by the client's capabilities gives a check the tools it gives a claude -p session: the same capabilities declared, roots and elicitation answered alike",
  async () => {
    const sessionFiles = {
      INIT_FILE: join(world.configDir, 'session-init.json'),
      ANSWERS_FILE: join(world.configDir, 'session-answers.txt'),
    };
    writeConfig(world, { mcpServers: { caps: fixtureEntry({ ASK_CLIENT: '1', ...sessionFiles }) } });
    const session = await sessionStart(world, world.projectDir);
    expect(session.mcpServers).toEqual([{ name: 'caps', status: 'connected', source: 'user' }]);
    const sessionTools = session.tools.filter((tool) => tool.startsWith('mcp__')).sort();
    const declared = JSON.parse(readFileSync(sessionFiles.INIT_FILE, 'utf8')) as { capabilities: unknown };

    const checkFiles = {
      INIT_FILE: join(world.configDir, 'check-init.json'),
      ANSWERS_FILE: join(world.configDir, 'check-answers.txt'),
    };
    writeConfig(world, { mcpServers: { caps: fixtureEntry({ ASK_CLIENT: '1', ...checkFiles }) } });
    const admin = createMcpAdmin(worldAdminOptions(world));
    const result = await admin.check({ name: 'caps', scope: 'user' }).finally(() => admin.close());

    expect(result.status).toBe('ok');
    // Every tool a capability brings: roots, and elicitation in form and URL mode.
    expect(sessionTools).toEqual(
      ['always', 'asked', 'elicitation', 'elicitation_form', 'elicitation_url', 'roots'].map((tool) =>
        sessionToolName('caps', tool),
      ),
    );
    expect((result.tools ?? []).map((tool) => sessionToolName('caps', tool.name)).sort()).toEqual(
      sessionTools,
    );
    expect(declared.capabilities).toEqual(CLAUDE_CODE_CAPABILITIES);
    expect(JSON.parse(readFileSync(checkFiles.INIT_FILE, 'utf8'))).toMatchObject({
      capabilities: CLAUDE_CODE_CAPABILITIES,
    });
    // The project as the one root, and an elicitation cancelled: no one is there to answer it.
    const sessionAnswers = readFileSync(sessionFiles.ANSWERS_FILE, 'utf8');
    expect(sessionAnswers).toBe(`roots: file://${world.projectDir}; elicitation: cancel`);
    expect(readFileSync(checkFiles.ANSWERS_FILE, 'utf8')).toBe(sessionAnswers);
  },
  CLI_TIMEOUT_MS,
);

it(
  'MCP_TIMEOUT sets how long Claude Code and a check wait for a server to connect: one answering within it connects, one answering after it, sooner than the 30 s default, times out',
  async () => {
    // Waited out, so short; but each fixture loads the MCP SDK (0.6 s of CPU), four start at once,
    // and under a load of 20 on 2 cores `prompt` missed 4 s.
    const MCP_TIMEOUT = '6000';
    writeConfig(world, {
      mcpServers: {
        prompt: fixtureEntry({ DELAY_MS: '0' }),
        late: fixtureEntry({ DELAY_MS: '12000' }),
      },
    });
    const admin = createMcpAdmin(
      worldAdminOptions(world, { spawnEnv: { ...process.env, HOME: world.configDir, MCP_TIMEOUT } }),
    );
    // Both at once: each waits about MCP_TIMEOUT for `late`.
    const [listed, prompt, late] = await Promise.all([
      execa(PINNED_CLAUDE_BIN, ['mcp', 'list'], {
        cwd: world.projectDir,
        env: { HOME: world.configDir, CLAUDE_CONFIG_DIR: world.configDir, MCP_TIMEOUT },
        stdin: 'ignore',
      }),
      admin.check({ name: 'prompt', scope: 'user' }),
      admin.check({ name: 'late', scope: 'user' }),
    ]).finally(() => admin.close());

    const line = (name: string) => listed.stdout.split('\n').find((text) => text.startsWith(`${name}: `));
    expect(line('prompt')).toMatch(/✔ Connected$/);
    // Either of Claude Code's two timers may say it first: its connection's, or its initialize request's.
    expect(line('late')).toMatch(
      /✘ Failed to connect — (Request timed out|.*connection timed out after 6000ms)$/,
    );
    expect(prompt.status).toBe('ok');
    expect(late).toMatchObject({
      status: 'timeout',
      error: 'Timed out after 6 s waiting for the answer to initialize.',
    });
  },
  CLI_TIMEOUT_MS,
);

it(
  "the user settings' env.MCP_TIMEOUT sets how long Claude Code and a check wait, before the environment's: a server answering after it times out",
  async () => {
    // Waited out, so short: nothing has to connect within it, and `late` answers well after it.
    writeConfig(world, { mcpServers: { late: fixtureEntry({ DELAY_MS: '4000' }) } });
    writeFileSync(join(world.configDir, 'settings.json'), JSON.stringify({ env: { MCP_TIMEOUT: '1000' } }));
    // The environment's alone would let `late` connect.
    const MCP_TIMEOUT = '20000';
    const admin = createMcpAdmin(
      worldAdminOptions(world, { spawnEnv: { ...process.env, HOME: world.configDir, MCP_TIMEOUT } }),
    );
    const [listed, late] = await Promise.all([
      execa(PINNED_CLAUDE_BIN, ['mcp', 'list'], {
        cwd: world.projectDir,
        env: { HOME: world.configDir, CLAUDE_CONFIG_DIR: world.configDir, MCP_TIMEOUT },
        stdin: 'ignore',
      }),
      admin.check({ name: 'late', scope: 'user' }),
    ]).finally(() => admin.close());

    const line = listed.stdout.split('\n').find((text) => text.startsWith('late: '));
    // Either of Claude Code's two timers may say it first: its connection's, or its initialize request's.
    expect(line).toMatch(/✘ Failed to connect — (Request timed out|.*connection timed out after 1000ms)$/);
    expect(late).toMatchObject({
      status: 'timeout',
      error: 'Timed out after 1 s waiting for the answer to initialize.',
    });
  },
  CLI_TIMEOUT_MS,
);
