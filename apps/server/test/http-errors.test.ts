/** Every error status of docs/api.md#errors through real HTTP, and the server answering after each. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

import type { HttpResult } from './support';
import {
  PATIENTLY,
  expectStillServing,
  gatedCliEnv,
  json,
  procedureErrorBody,
  spawnedArgv,
  trpcMutation,
  trpcQuery,
  useServer,
  useTestWorld,
} from './support';

const stdioServer = (name: string) => ({ name, scope: 'user', command: 'node' });

describe('API errors over HTTP', () => {
  it('400: input that breaks a rule, naming the field and the rule', async () => {
    const server = await useServer(useTestWorld());

    const result = await trpcMutation(server, 'mcp.add', { name: '-rf', scope: 'user', command: 'node' });

    expect({ status: result.status, body: json(result) }).toEqual({
      status: 400,
      body: procedureErrorBody('BAD_REQUEST', 400, 'mcp.add', 'name: name may not start with "-"', {
        zodError: { formErrors: [], fieldErrors: { name: ['name may not start with "-"'] } },
      }),
    });
    await expectStillServing(server);
  });

  it('400 for inputs of a thousand times the allowed entries: one issue each, answered while a change holds the queue, nothing spawned', async () => {
    const world = useTestWorld();
    const gateFile = join(world.plainDir, 'gate');
    const { env, cliLog } = gatedCliEnv(world, gateFile);
    const server = await useServer(world, env);
    const held = trpcMutation(server, 'mcp.add', stdioServer('held'));
    await vi.waitFor(() => {
      expect(spawnedArgv(cliLog)).toEqual(['mcp add-json --scope user held -']);
    }, PATIENTLY);
    const entries = (count: number, entry: (index: number) => [string, unknown]) =>
      Object.fromEntries(Array.from({ length: count }, (_, index) => entry(index)));

    // 0.87 MB: 55,000 bad env names; 0.85 MB: 90,000 entries each breaking two rules.
    const results = await Promise.all([
      trpcMutation(server, 'mcp.add', {
        ...stdioServer('huge'),
        env: entries(55_000, (index) => [`${index}-name`, '']),
      }),
      trpcMutation(server, 'mcp.add', {
        ...stdioServer('huge'),
        env: entries(90_000, (index) => [`-${index.toString(36)}`, 0]),
      }),
    ]).finally(() => {
      writeFileSync(gateFile, '');
    });

    const tooMany = {
      status: 400,
      body: procedureErrorBody('BAD_REQUEST', 400, 'mcp.add', 'env: env may have at most 64 entries', {
        zodError: { formErrors: [], fieldErrors: { env: ['env may have at most 64 entries'] } },
      }),
    };
    expect(results.map((result) => ({ status: result.status, body: json(result) }))).toEqual([
      tooMany,
      tooMany,
    ]);
    expect((await held).status).toBe(200);
    expect(spawnedArgv(cliLog)).toEqual(['mcp add-json --scope user held -']);
    await expectStillServing(server);
  });

  it('400 for 64 entries breaking 128 rules: the first 20 described once in the message and in zodError, under 16 KB', async () => {
    const server = await useServer(useTestWorld());
    const env = Object.fromEntries(
      Array.from({ length: 64 }, (_, index) => [`${index}${'k'.repeat(500)}`, 0]),
    );

    const result = await trpcMutation(server, 'mcp.add', { ...stdioServer('many'), env });

    const badName = 'env name must start with a letter or "_" and hold only letters, digits and "_"';
    const notString = 'env value must be a string';
    const firstTen = Array.from({ length: 10 }, (_, index) => `env.${index}${'k'.repeat(63)}…`);
    expect({ status: result.status, body: json(result) }).toEqual({
      status: 400,
      body: procedureErrorBody(
        'BAD_REQUEST',
        400,
        'mcp.add',
        `${firstTen.map((key) => `${key}: ${badName}; ${key}: ${notString}`).join('; ')}; and 108 more`,
        {
          zodError: {
            formErrors: [],
            fieldErrors: { env: firstTen.flatMap(() => [badName, notString]) },
          },
        },
      ),
    });
    expect(Buffer.byteLength(result.body)).toBeLessThanOrEqual(16 * 1024);
  });

  it("422: the CLI refused, with the CLI's own text", async () => {
    const server = await useServer(useTestWorld());
    expect((await trpcMutation(server, 'mcp.add', stdioServer('dup'))).status).toBe(200);

    const result = await trpcMutation(server, 'mcp.add', stdioServer('dup'));

    expect({ status: result.status, body: json(result) }).toEqual({
      status: 422,
      body: procedureErrorBody(
        'UNPROCESSABLE_CONTENT',
        422,
        'mcp.add',
        'MCP server dup already exists in user config',
        { coreCode: 'CLI_FAILED' },
      ),
    });
    await expectStillServing(server);
  });

  it('503: the CLI binary is missing, saying how to set CLAUDE_BIN', async () => {
    const world = useTestWorld();
    const missing = join(world.plainDir, 'no-such-claude');
    const server = await useServer(world, { CLAUDE_BIN: missing });

    const result = await trpcMutation(server, 'mcp.add', stdioServer('s1'));

    expect({ status: result.status, body: json(result) }).toEqual({
      status: 503,
      body: procedureErrorBody(
        'SERVICE_UNAVAILABLE',
        503,
        'mcp.add',
        `Cannot run the Claude CLI at "${missing}" (ENOENT). Install Claude Code or set CLAUDE_BIN to the path of a working claude executable.`,
        { coreCode: 'CLI_NOT_FOUND' },
      ),
    });
    await expectStillServing(server);
  });

  it('504: the CLI ran past the timeout, and the queue moves on to the next change', async () => {
    const world = useTestWorld();
    const gateFile = join(world.plainDir, 'gate');
    const { env, cliLog } = gatedCliEnv(world, gateFile);
    // Past the gate the "CLI" fails at once, so the next call's answer does not race the timeout.
    const server = await useServer(world, {
      ...env,
      REAL_CLAUDE_BIN: 'false',
      MCP_ADMIN_CLI_TIMEOUT_MS: '2000',
    });

    const result = await trpcMutation(server, 'mcp.add', stdioServer('slow')).finally(() => {
      writeFileSync(gateFile, '');
    });
    const next = await trpcMutation(server, 'mcp.add', stdioServer('next'));

    expect([result, next].map((response) => ({ status: response.status, body: json(response) }))).toEqual([
      {
        status: 504,
        body: procedureErrorBody(
          'GATEWAY_TIMEOUT',
          504,
          'mcp.add',
          'The Claude CLI did not finish within 2000 ms and was stopped (MCP_ADMIN_CLI_TIMEOUT_MS sets the limit).',
          { coreCode: 'CLI_TIMEOUT' },
        ),
      },
      {
        status: 422,
        body: procedureErrorBody(
          'UNPROCESSABLE_CONTENT',
          422,
          'mcp.add',
          'The Claude CLI failed with exit code 1 and printed nothing.',
          { coreCode: 'CLI_FAILED' },
        ),
      },
    ]);
    expect(spawnedArgv(cliLog)).toEqual([
      'mcp add-json --scope user slow -',
      'mcp add-json --scope user next -',
    ]);
    await expectStillServing(server);
  });

  it('429: more than 64 changes waiting', async () => {
    const world = useTestWorld();
    const gateFile = join(world.plainDir, 'gate');
    const { env } = gatedCliEnv(world, gateFile);
    // Behind the gate every call fails at once, so the queue empties quickly once it opens.
    const server = await useServer(world, { ...env, REAL_CLAUDE_BIN: 'false' });
    const settled: HttpResult[] = [];

    // One call runs (held at the gate), 64 wait, the 5 beyond are refused.
    const calls = Array.from({ length: 70 }, (_, index) =>
      trpcMutation(server, 'mcp.add', stdioServer(`q${index}`)).then((result) => {
        settled.push(result);
        return result;
      }),
    );
    const refused = await vi
      .waitFor(() => {
        expect(settled).toHaveLength(5);
        return [...settled];
      }, PATIENTLY)
      .finally(() => {
        writeFileSync(gateFile, '');
      });

    expect(refused.map((result) => ({ status: result.status, body: json(result) }))).toEqual(
      Array.from({ length: 5 }, () => ({
        status: 429,
        body: procedureErrorBody(
          'TOO_MANY_REQUESTS',
          429,
          'mcp.add',
          'The queue of changes is full (64 waiting); try again when they are done.',
          { coreCode: 'QUEUE_FULL' },
        ),
      })),
    );
    await expectStillServing(server);
    const statuses = (await Promise.all(calls)).map((result) => result.status);
    expect(statuses.filter((status) => status === 422)).toHaveLength(65);
  });

  it('500: .claude.json is not JSON, with path and position; the server stays up', async () => {
    const world = useTestWorld();
    const server = await useServer(world);
    writeFileSync(world.configPath, '{\n  "mcpServers": {\n    "a": }\n}\n');

    const result = await trpcQuery(server, 'mcp.list');

    expect({ status: result.status, body: json(result) }).toEqual({
      status: 500,
      body: procedureErrorBody(
        'INTERNAL_SERVER_ERROR',
        500,
        'mcp.list',
        `${world.configPath} is not valid JSON: Unexpected character at line 3, column 10`,
        { coreCode: 'CONFIG_UNREADABLE' },
      ),
    });
    writeFileSync(world.configPath, '{}');
    await expectStillServing(server);
  });
});
