/** A registry entry mapped to a Claude Code entry, over the example answers of the MCP registry. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

import { mapRegistryServer, serverListSchema } from '../../src/registry';
import type { RegistryServer } from '../../src/registry';

const examples = serverListSchema.parse(
  JSON.parse(
    readFileSync(new URL('../fixtures/registry/mcp-registry-servers.json', import.meta.url), 'utf8'),
  ),
);
const example = (name: string): RegistryServer => {
  const found = examples.servers.find((response) => response.server.name === name);
  if (found === undefined) throw new Error(`no example ${name}`);
  return found.server;
};
const weather = example('io.github.example/weather');
const sqlite = example('io.github.example/sqlite');
const tickets = example('com.example/tickets');

const everyRunner = () => true;
const only =
  (...commands: string[]) =>
  (command: string) =>
    commands.includes(command);

describe('mapRegistryServer', () => {
  it('runs an npm package with npx -y, its version pinned, defaults filled and a secret env var as ${VAR}', () => {
    expect(mapRegistryServer(weather, { runnerExists: everyRunner })).toEqual({
      ok: true,
      entry: {
        transport: 'stdio',
        command: 'npx',
        args: ['-y', '@example/weather-mcp@1.2.0', '--units', 'metric'],
        env: { OWM_API_KEY: '${OWM_API_KEY}', LOG_LEVEL: 'info' },
      },
      inputs: [
        {
          name: 'units',
          isRequired: false,
          isSecret: false,
          default: 'metric',
          choices: ['metric', 'imperial'],
          reference: '${UNITS}',
        },
        {
          name: 'OWM_API_KEY',
          description: 'OpenWeatherMap API key',
          isRequired: true,
          isSecret: true,
          reference: '${OWM_API_KEY}',
        },
        { name: 'LOG_LEVEL', isRequired: false, isSecret: false, default: 'info', reference: '${LOG_LEVEL}' },
      ],
      source: { kind: 'package', registryType: 'npm', identifier: '@example/weather-mcp', version: '1.2.0' },
      registryArguments: { runtime: [], package: ['--units', 'metric'] },
    });
  });

  it('puts a given value in place of the default and of the secret reference', () => {
    const mapping = mapRegistryServer(weather, {
      runnerExists: everyRunner,
      values: { units: 'imperial', OWM_API_KEY: 'key-123' },
    });
    expect(mapping.ok && mapping.entry).toEqual({
      transport: 'stdio',
      command: 'npx',
      args: ['-y', '@example/weather-mcp@1.2.0', '--units', 'imperial'],
      env: { OWM_API_KEY: 'key-123', LOG_LEVEL: 'info' },
    });
  });

  it('runs a pypi package with uvx, a required argument left as a ${VAR} reference to fill', () => {
    const mapping = mapRegistryServer(sqlite, { runnerExists: everyRunner });
    expect(mapping.ok && mapping.entry).toEqual({
      transport: 'stdio',
      command: 'uvx',
      args: ['mcp-server-sqlite-example==0.4.1', '--db-path', '${DB_PATH}'],
    });
    expect(mapping.ok && mapping.inputs).toEqual([
      { name: 'db_path', isRequired: true, isSecret: false, format: 'filepath', reference: '${DB_PATH}' },
    ]);
  });

  it('falls back to the next package whose runner exists: docker run -i --rm with runtime arguments filled', () => {
    const withWorkdir: RegistryServer = {
      ...sqlite,
      packages: sqlite.packages?.map((pkg) =>
        pkg.registryType === 'oci'
          ? {
              ...pkg,
              runtimeArguments: [
                { type: 'named', name: '--workdir', valueHint: 'work_dir', isRequired: true },
              ],
            }
          : pkg,
      ),
    };
    const mapping = mapRegistryServer(withWorkdir, {
      runnerExists: only('docker'),
      values: { work_dir: '/data' },
    });
    expect(mapping.ok && mapping.entry).toEqual({
      transport: 'stdio',
      command: 'docker',
      args: [
        'run',
        '-i',
        '--rm',
        '--workdir',
        '/data',
        'docker.io/example/mcp-sqlite:0.4.1',
        '--db-path',
        '/data/app.db',
      ],
    });
    expect(mapping.ok && mapping.source).toEqual({
      kind: 'package',
      registryType: 'oci',
      identifier: 'docker.io/example/mcp-sqlite:0.4.1',
    });
    expect(mapping.ok && mapping.registryArguments).toEqual({
      runtime: ['--workdir', '/data'],
      package: ['--db-path', '/data/app.db'],
    });
  });

  it("refuses the example's docker package, whose --mount would bind a folder of this machine into the container", () => {
    expect(
      mapRegistryServer(sqlite, { runnerExists: only('docker'), values: { host_dir: '/home/me/data' } }),
    ).toEqual({
      ok: false,
      refused: true,
      reason: "Refused: docker's --mount would give the container this machine's files",
    });
  });

  it('says which runner is missing when none of the packages can run here', () => {
    expect(mapRegistryServer(sqlite, { runnerExists: only('npx') })).toEqual({
      ok: false,
      reason: "io.github.example/sqlite needs uvx or docker, not found on this machine's PATH",
    });
  });

  it('takes a remote first: streamable-http becomes http, {tenant} filled, the secret token a ${TOKEN} reference', () => {
    const mapping = mapRegistryServer(tickets, { runnerExists: everyRunner, values: { tenant: 'acme' } });
    expect(mapping).toEqual({
      ok: true,
      entry: {
        transport: 'http',
        url: 'https://acme.example.com/mcp',
        headers: { Authorization: 'Bearer ${TOKEN}' },
      },
      inputs: [
        {
          name: 'tenant',
          description: 'Your tenant id',
          isRequired: true,
          isSecret: false,
          reference: '${TENANT}',
        },
        { name: 'token', description: 'API token', isRequired: true, isSecret: true, reference: '${TOKEN}' },
      ],
      source: { kind: 'remote', type: 'streamable-http', url: 'https://{tenant}.example.com/mcp' },
    });
  });

  it('leaves a required URL variable nobody filled as a ${VAR} reference, named among the inputs', () => {
    const mapping = mapRegistryServer(tickets, { runnerExists: everyRunner });
    expect(mapping.ok && mapping.entry).toMatchObject({ url: 'https://${TENANT}.example.com/mcp' });
  });

  it('maps an sse remote to sse, needing no runner at all', () => {
    const sseOnly: RegistryServer = { ...tickets, remotes: tickets.remotes?.slice(1) };
    expect(mapRegistryServer(sseOnly, { runnerExists: () => false })).toMatchObject({
      ok: true,
      entry: { transport: 'sse', url: 'https://sse.example.com/sse' },
      inputs: [],
    });
  });

  it('skips a remote of a transport Claude Code has no name for, and a package that is not stdio', () => {
    const odd: RegistryServer = {
      name: 'io.github.example/odd',
      description: 'odd',
      version: '1',
      remotes: [{ type: 'websocket', url: 'wss://example.com' }],
      packages: [
        {
          registryType: 'npm',
          identifier: 'odd',
          transport: { type: 'streamable-http', url: 'http://localhost:1' },
        },
      ],
    };
    expect(mapRegistryServer(odd, { runnerExists: everyRunner })).toEqual({
      ok: false,
      reason:
        'io.github.example/odd has no remote Claude Code can reach and no package it can run over stdio',
    });
  });

  it('keeps npx -y once when the runtime arguments already say it, and gives a bare flag alone', () => {
    const flagged: RegistryServer = {
      name: 'io.github.example/flags',
      description: 'flags',
      version: '1',
      packages: [
        {
          registryType: 'npm',
          identifier: 'flags-mcp',
          runtimeArguments: [{ type: 'named', name: '--yes' }],
          packageArguments: [
            { type: 'named', name: '--verbose' },
            { type: 'positional', valueHint: 'target', isRequired: true },
          ],
        },
      ],
    };
    const mapping = mapRegistryServer(flagged, { runnerExists: everyRunner });
    expect(mapping.ok && mapping.entry).toEqual({
      transport: 'stdio',
      command: 'npx',
      args: ['--yes', 'flags-mcp', '--verbose', '${TARGET}'],
    });
  });
});
