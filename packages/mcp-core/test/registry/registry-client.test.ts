/**
 * The registry client against a stand-in registry on 127.0.0.1 (test/fixtures/registry): pages,
 * deleted and deprecated servers, the cache, and every fault a hostile or broken registry can
 * show, each a REGISTRY_UNAVAILABLE naming what went wrong within its bounds.
 */
import { once } from 'node:events';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { McpCoreError } from '../../src/errors';
import { createRegistryClient } from '../../src/registry';
import { registryLink } from '../../src/registry/registry-client';
import type { RegistryClientOptions } from '../../src/registry';
import { startRegistryFixture } from '../../src/testing';
import type { RemoteMcpServer } from '../../src/testing';

let registry: RemoteMcpServer;
beforeAll(async () => {
  registry = await startRegistryFixture();
});
afterAll(async () => {
  await registry.stop();
});

const clientAt = (path = '', options: Partial<RegistryClientOptions> = {}) =>
  createRegistryClient({ baseUrl: `${registry.origin}${path}`, runnerExists: () => true, ...options });

const served = async () =>
  ((await (await fetch(`${registry.origin}/_requests`)).json()) as { served: number }).served;

/** A port nothing listens on: one the system just handed out and took back. */
async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

async function failure(promise: Promise<unknown>): Promise<McpCoreError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof McpCoreError)) throw new Error(`expected an McpCoreError, got ${String(error)}`);
  return error;
}

describe('registry search', () => {
  it('pages through every match with nextCursor, deleted servers left out', async () => {
    const client = clientAt();
    const names: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await client.search({ query: 'fixture tool', ...(cursor !== undefined && { cursor }) });
      names.push(...page.servers.map((server) => server.name));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor !== undefined && pages < 10);
    // 45 generated, tool-07 deleted; 20 a page.
    expect(pages).toBe(3);
    expect(names).toHaveLength(44);
    expect(names).not.toContain('io.github.fixture/tool-07');
    expect(new Set(names).size).toBe(44);
  });

  it('marks a deprecated server with its message and names the transports of each result, the name it is added as, whether it needs inputs or secrets, and its http(s) links', async () => {
    const { servers, nextCursor } = await clientAt().search({ query: 'example' });
    expect(nextCursor).toBeUndefined();
    expect(servers).toEqual([
      {
        name: 'io.github.example/weather',
        title: 'Weather',
        description: 'Weather forecasts via OpenWeatherMap',
        version: '1.2.0',
        status: 'active',
        transports: ['stdio'],
        addedAs: 'weather',
        // OWM_API_KEY is required and secret; --units has a default.
        needs: { inputs: false, secrets: true },
        repositoryUrl: 'https://github.com/example/weather-mcp',
      },
      {
        name: 'io.github.example/sqlite',
        description: 'Query a local SQLite database',
        version: '0.4.1',
        status: 'active',
        transports: ['stdio'],
        addedAs: 'sqlite',
        needs: { inputs: true, secrets: false },
      },
      {
        name: 'com.example/tickets',
        title: 'Tickets',
        description: 'Hosted ticket tracker MCP endpoint',
        version: '2.0.0',
        status: 'deprecated',
        statusMessage: 'Use version 3',
        transports: ['http', 'sse'],
        addedAs: 'tickets',
        // Its tenant has no default; its token is secret.
        needs: { inputs: true, secrets: true },
        homepageUrl: 'https://example.com/mcp',
      },
    ]);
  });

  it('links only http and https addresses', () => {
    expect(registryLink('https://github.com/example/x')).toBe('https://github.com/example/x');
    expect(registryLink('http://example.com/')).toBe('http://example.com/');
    expect(registryLink('javascript:alert(1)')).toBeUndefined();
    expect(registryLink('data:text/html,hi')).toBeUndefined();
    expect(registryLink('//example.com/x')).toBeUndefined();
    expect(registryLink(undefined)).toBeUndefined();
  });

  it('answers the same search from its cache until the cache time passes', async () => {
    let now = 1_000_000;
    const client = clientAt('', { cacheTtlMs: 60_000, now: () => now });
    const before = await served();
    await client.search({ query: 'weather' });
    await client.search({ query: 'weather' });
    expect(await served()).toBe(before + 1);
    now += 60_001;
    await client.search({ query: 'weather' });
    expect(await served()).toBe(before + 2);
  });
});

describe('registry server', () => {
  it('answers one server with its entry, inputs and a name Claude Code accepts', async () => {
    const detail = await clientAt().server({ name: 'io.github.example/weather' });
    expect(detail).toMatchObject({
      name: 'io.github.example/weather',
      suggestedName: 'weather',
      status: 'active',
      entry: { transport: 'stdio', command: 'npx' },
      source: { kind: 'package', registryType: 'npm' },
    });
    expect(detail.inputs.map((input) => input.name)).toEqual(['units', 'OWM_API_KEY', 'LOG_LEVEL']);
  });

  it('asks for a version by its number', async () => {
    expect((await clientAt().server({ name: 'io.github.fixture/tool-12', version: '1.0.12' })).version).toBe(
      '1.0.12',
    );
  });

  it('says a server the registry does not have, or has deleted, is not found', async () => {
    const missing = await failure(clientAt().server({ name: 'io.github.nobody/nothing' }));
    expect(missing.code).toBe('NOT_FOUND');
    const deleted = await failure(clientAt().server({ name: 'io.github.fixture/removed' }));
    expect(deleted).toMatchObject({
      code: 'NOT_FOUND',
      message: 'io.github.fixture/removed was deleted from the MCP registry',
    });
  });

  it('gives no entry, and says why, when no runner of its packages is on this machine', async () => {
    const detail = await clientAt('', { runnerExists: () => false }).server({
      name: 'io.github.example/sqlite',
    });
    expect(detail.entry).toBeNull();
    expect(detail.unavailable).toBe(
      "io.github.example/sqlite needs uvx or docker, not found on this machine's PATH",
    );
  });

  it.each([
    [
      'npx-call',
      'Refused: npm package "--call=touch pwned": its identifier starts with "-", which its runner would read as an option',
    ],
    [
      'npx-package',
      'Refused: npm package "--package=other": its identifier starts with "-", which its runner would read as an option',
    ],
    [
      'oci-privileged',
      'Refused: oci package "--privileged": its identifier starts with "-", which its runner would read as an option',
    ],
    ['runtime-call', "Refused: npx's --call runs a shell command instead of the package"],
  ])(
    'gives the hostile entry %s no entry and no source, saying it is refused and why',
    async (name, reason) => {
      const detail = await clientAt().server({ name: `io.github.hostile/${name}` });
      expect(detail).toMatchObject({ entry: null, unavailable: reason });
      expect(detail).not.toHaveProperty('source');
      expect(detail).not.toHaveProperty('registryArguments');
    },
  );

  it('marks a search result refused when every package it has is refused, and only then', async () => {
    const { servers } = await clientAt().search({ query: 'hostile' });
    expect(servers.map(({ name, refused }) => [name, refused])).toEqual([
      [
        'io.github.hostile/npx-call',
        'Refused: npm package "--call=touch pwned": its identifier starts with "-", which its runner would read as an option',
      ],
      [
        'io.github.hostile/npx-package',
        'Refused: npm package "--package=other": its identifier starts with "-", which its runner would read as an option',
      ],
      [
        'io.github.hostile/oci-privileged',
        'Refused: oci package "--privileged": its identifier starts with "-", which its runner would read as an option',
      ],
      ['io.github.hostile/runtime-call', "Refused: npx's --call runs a shell command instead of the package"],
    ]);
    // Its docker package is refused (--mount), its pypi one is not.
    const { servers: examples } = await clientAt().search({ query: 'sqlite' });
    expect(examples).toHaveLength(1);
    expect(examples[0]).not.toHaveProperty('refused');
  });

  it('names the arguments the registry adds to the runner, before and after the package', async () => {
    const detail = await clientAt().server({ name: 'io.github.example/weather' });
    expect(detail.registryArguments).toEqual({ runtime: [], package: ['--units', 'metric'] });
  });
});

describe('a registry that misbehaves', () => {
  it('is given up on at the deadline when it sends headers and then nothing', async () => {
    const started = Date.now();
    const error = await failure(clientAt('/slow', { timeoutMs: 500 }).search({ query: '' }));
    expect(error.code).toBe('REGISTRY_UNAVAILABLE');
    expect(error.message).toBe(`The MCP registry at ${registry.origin}/slow did not answer within 500 ms`);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('is given up on at the deadline when it trickles a byte at a time without end', async () => {
    const error = await failure(clientAt('/trickle', { timeoutMs: 700 }).search({ query: '' }));
    expect(error.message).toMatch(/did not answer within 700 ms$/);
  });

  it('is cut off past the byte cap, without a Content-Length to warn of it', async () => {
    const error = await failure(clientAt('/huge', { maxBytes: 100_000 }).search({ query: '' }));
    expect(error).toMatchObject({
      code: 'REGISTRY_UNAVAILABLE',
      message: `The MCP registry at ${registry.origin}/huge answered more than 100000 bytes`,
    });
  });

  it('says an answer that is not JSON is not JSON', async () => {
    const error = await failure(clientAt('/malformed').search({ query: '' }));
    expect(error.message).toBe(
      `The MCP registry at ${registry.origin}/malformed answered something that is not JSON`,
    );
  });

  it('names the field of an answer of the wrong shape, for a search and for a server', async () => {
    const search = await failure(clientAt('/wrong-types').search({ query: '' }));
    expect(search.code).toBe('REGISTRY_UNAVAILABLE');
    expect(search.message).toContain('servers.0.server.description');
    const server = await failure(clientAt('/wrong-types').server({ name: 'io.github.example/weather' }));
    expect(server.message).toContain('server.description');
  });

  it('refuses a page of more servers than a page may hold', async () => {
    const error = await failure(clientAt('/too-many').search({ query: '' }));
    expect(error.code).toBe('REGISTRY_UNAVAILABLE');
    expect(error.message).toContain('servers');
  });

  it('passes on an HTTP error status, and a registry nobody listens at', async () => {
    expect((await failure(clientAt('/error').search({ query: '' }))).message).toBe(
      `The MCP registry at ${registry.origin}/error answered HTTP 500`,
    );
    const port = await closedPort();
    const closed = createRegistryClient({ baseUrl: `http://127.0.0.1:${port}`, runnerExists: () => true });
    expect((await failure(closed.search({ query: '' }))).message).toBe(
      `The MCP registry at http://127.0.0.1:${port} could not be reached (ECONNREFUSED)`,
    );
  });

  it('keeps no failure in its cache: the next ask asks again', async () => {
    const client = clientAt('/error');
    const before = await served();
    await failure(client.search({ query: 'x' }));
    await failure(client.search({ query: 'x' }));
    expect(await served()).toBe(before + 2);
  });
});
