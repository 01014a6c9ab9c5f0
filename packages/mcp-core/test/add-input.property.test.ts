/**
 * Properties of the input rules and the argv built from them: what the schemas accept, the real
 * CLI stores exactly as given; what they refuse never reaches a spawn.
 */
import { createTestWorld, worldAdminOptions } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import fc from 'fast-check';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';

import { addServerInputSchema } from '../src/schemas';
import type { AddServerInput } from '../src/schemas';
import { createMcpAdmin } from '../src/service/mcp-admin';
import { invalidAddInput, validAddInput } from './support/add-input-arbitraries';

let world: TestWorld;
beforeEach(() => {
  world = createTestWorld();
});
afterEach(() => {
  world.remove();
});

function readJson(path: string): Record<string, unknown> {
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>) : {};
}

function serversIn(holder: unknown): Record<string, unknown> {
  const servers = (holder as { mcpServers?: unknown } | undefined)?.mcpServers;
  return (servers ?? {}) as Record<string, unknown>;
}

/** The entry the files hold for `name` in `scope`, read straight from them. */
function storedEntry(scope: AddServerInput['scope'], name: string): unknown {
  const config = readJson(world.configPath);
  const projects = (config.projects ?? {}) as Record<string, unknown>;
  const servers = {
    user: serversIn(config),
    local: serversIn(projects[world.projectDir]),
    project: serversIn(readJson(join(world.projectDir, '.mcp.json'))),
  }[scope];
  return Object.hasOwn(servers, name) ? servers[name] : undefined;
}

/** The CLI's stored shape of `input`; it leaves out `headers` when there are none. */
function expectedEntry(input: AddServerInput): Record<string, unknown> {
  if (input.url === undefined) {
    return { type: 'stdio', command: input.command, args: input.args ?? [], env: input.env ?? {} };
  }
  const headers = input.headers ?? {};
  return {
    type: input.transport ?? 'http',
    url: input.url,
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
  };
}

describe('inputs the schemas accept', () => {
  it('are accepted unchanged, whatever edge they sit on', () => {
    fc.assert(
      fc.property(validAddInput, (input) => {
        expect(addServerInputSchema.parse(input)).toEqual(input);
      }),
      { numRuns: 500 },
    );
  });

  it('are stored by the real CLI exactly as given', async () => {
    const admin = createMcpAdmin(worldAdminOptions(world));
    const added = new Set<string>();

    await fc.assert(
      fc.asyncProperty(validAddInput, async (raw) => {
        const input = addServerInputSchema.parse(raw);
        // The same name twice in one scope is the CLI's refusal to test, not this property's.
        fc.pre(!added.has(`${input.scope}/${input.name}`));
        added.add(`${input.scope}/${input.name}`);

        await admin.add(input);

        expect(storedEntry(input.scope, input.name)).toEqual(expectedEntry(input));
      }),
      // Each run is a real CLI call (about half a second); a failure is reported as found.
      { numRuns: 10, endOnFailure: true },
    );
  });
});

describe('inputs the schemas refuse', () => {
  it('fail to parse, whichever one rule they break', () => {
    fc.assert(
      fc.property(invalidAddInput, (input) => {
        expect(addServerInputSchema.safeParse(input).success).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });

  it('never reach a spawn through the service', async () => {
    const cliLog = join(world.plainDir, 'cli.log');
    const defaults = worldAdminOptions(world);
    const admin = createMcpAdmin({
      ...defaults,
      claudeBin: join(import.meta.dirname, 'fixtures', 'start-end-logging-claude.sh'),
      spawnEnv: { ...defaults.spawnEnv, CLI_LOG: cliLog, REAL_CLAUDE_BIN: defaults.claudeBin },
    });

    await fc.assert(
      fc.asyncProperty(invalidAddInput, async (input) => {
        await expect(admin.add(input as AddServerInput)).rejects.toBeInstanceOf(ZodError);
      }),
      { numRuns: 300 },
    );
    expect(existsSync(cliLog)).toBe(false);
  });
});
