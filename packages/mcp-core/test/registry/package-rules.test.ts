/**
 * Issue 44's registry entries as data, never options: each identifier and version rule of each
 * registry type, each runner option refused or let through, and the issue's own examples mapped.
 */
import { describe, expect, it } from 'vitest';

import { mapRegistryServer, packageRefusal, runtimeArgumentsRefusal } from '../../src/registry';
import type { RegistryServer } from '../../src/registry';

type Package = NonNullable<RegistryServer['packages']>[number];

const serverWith = (pkg: Package): RegistryServer => ({
  name: 'io.github.hostile/entry',
  description: 'hostile',
  version: '1.0.0',
  packages: [pkg],
});
const mapped = (pkg: Package) => mapRegistryServer(serverWith(pkg), { runnerExists: () => true });

describe('the issue’s examples, mapped', () => {
  it.each([
    ['npm', '--call=touch /tmp/pwned', 'starts with "-"'],
    ['npm', '--package=other', 'starts with "-"'],
    ['oci', '--privileged', 'starts with "-"'],
  ])(
    'refuses the %s identifier %s with a reason, and puts none of it in an entry',
    (registryType, identifier, why) => {
      const mapping = mapped({ registryType, identifier });
      expect(mapping.ok).toBe(false);
      expect(mapping).toMatchObject({ refused: true });
      expect(!mapping.ok && mapping.reason).toMatch(/^Refused: /);
      expect(!mapping.ok && mapping.reason).toContain(why);
      expect(mapping).not.toHaveProperty('entry');
    },
  );

  it.each([
    [
      'oci',
      '--privileged',
      "Refused: docker's --privileged would give the container every device and capability of this machine",
    ],
    ['npm', '--call=sh -c id', "Refused: npx's --call runs a shell command instead of the package"],
    [
      'npm',
      '--package=other',
      "Refused: npx's --package runs another package than the one the registry names",
    ],
  ])(
    'refuses the %s runtime argument %s, naming the option and what it would do',
    (registryType, name, reason) => {
      const identifier = registryType === 'oci' ? 'docker.io/example/server:1.0' : 'good-server';
      expect(mapped({ registryType, identifier, runtimeArguments: [{ type: 'named', name }] })).toEqual({
        ok: false,
        refused: true,
        reason,
      });
    },
  );
});

describe('packageRefusal', () => {
  it.each([
    ['npm', 'server-everything', undefined],
    ['npm', '@modelcontextprotocol/server-everything', '2025.1.14'],
    ['npm', 'a'.repeat(214), '1.0.0'],
    ['npm', 'weather', 'latest'],
    ['npm', 'weather', '1.0.0-beta.1+build.5'],
    ['pypi', 'mcp-server-fetch', '0.6.2'],
    ['pypi', 'Mcp_Server.Time', '1!2.0.0.post1'],
    ['oci', 'docker.io/mcp/everything', undefined],
    ['oci', 'ghcr.io/github/github-mcp-server:0.7.0', undefined],
    ['oci', 'localhost:5000/team/server', 'v1.2'],
    ['oci', `registry.example.com/a/b@sha256:${'a'.repeat(64)}`, undefined],
    ['nuget', 'Contoso.Mcp.Server', '1.0.0-preview.1'],
  ])('lets the %s package %s (version %s) through', (registryType, identifier, version) => {
    expect(packageRefusal(registryType, identifier, version)).toBeUndefined();
  });

  it.each([
    ['npm', '-c', undefined, 'starts with "-"'],
    ['npm', 'left pad', undefined, 'holds whitespace or a control character'],
    ['npm', 'tab\tname', undefined, 'holds whitespace or a control character'],
    ['npm', 'nul\u0000name', undefined, 'holds whitespace or a control character'],
    ['npm', 'zero\u200bwidth', undefined, 'holds whitespace or a control character'],
    ['npm', '', undefined, 'identifier is empty'],
    ['npm', 'Uppercase', undefined, 'is not an npm package name'],
    ['npm', '.hidden', undefined, 'is not an npm package name'],
    ['npm', '_under', undefined, 'is not an npm package name'],
    ['npm', '@scope/a/b', undefined, 'is not an npm package name'],
    ['npm', 'file:../evil', undefined, 'is not an npm package name'],
    ['npm', 'github:evil/repo', undefined, 'is not an npm package name'],
    ['npm', 'a'.repeat(215), undefined, 'longer than 214 characters'],
    ['npm', 'weather', '--call=id', 'version "--call=id" starts with "-"'],
    ['npm', 'weather', '1.0.0 --call=id', 'holds whitespace or a control character'],
    ['npm', 'weather', '^1.0.0', 'is not an npm version or tag'],
    ['npm', 'weather', '1.0.0/../x', 'is not an npm version or tag'],
    ['pypi', 'pkg[extra]', undefined, 'is not a PyPI project name'],
    ['pypi', 'pkg-', undefined, 'is not a PyPI project name'],
    ['pypi', 'pkg', '1.0;os_name=="x"', 'is not a PEP 440 version'],
    ['pypi', 'pkg', '>=1.0', 'is not a PEP 440 version'],
    ['pypi', 'pkg @ https://evil.example/x.whl', undefined, 'holds whitespace'],
    ['oci', '--privileged', undefined, 'starts with "-"'],
    ['oci', 'Docker.io/UPPER/name', undefined, 'is not an OCI image reference'],
    ['oci', 'ubuntu:tag with space', undefined, 'holds whitespace'],
    ['oci', 'name:', undefined, 'is not an OCI image reference'],
    ['oci', 'name@sha256:short', undefined, 'is not an OCI image reference'],
    ['oci', 'name', '-v', 'starts with "-"'],
    ['oci', 'name', 'tag:x', 'is not an OCI tag'],
    ['nuget', 'Bad Id', undefined, 'holds whitespace'],
    ['nuget', 'Bad/Id', undefined, 'is not a NuGet package id'],
    ['nuget', 'a'.repeat(101), undefined, 'longer than 100 characters'],
    ['nuget', 'Good.Id', '[1.0,2.0)', 'is not a NuGet version'],
  ])('refuses the %s package %j (version %j): %s', (registryType, identifier, version, why) => {
    expect(packageRefusal(registryType, identifier, version)).toContain(why);
  });
});

describe('runtimeArgumentsRefusal', () => {
  it.each([
    ['docker', '--privileged', 'every device and capability'],
    ['docker', '-v', "this machine's files"],
    ['docker', '--volume', "this machine's files"],
    ['docker', '--volume=/:/host', "this machine's files"],
    ['docker', '-v/:/host', "this machine's files"],
    ['docker', '--mount', "this machine's files"],
    ['docker', '--mount=type=bind,src=/,dst=/host', "this machine's files"],
    ['docker', '--network', 'another network'],
    ['docker', '--network=host', 'another network'],
    ['docker', '--net=host', 'another network'],
    ['docker', '--pid=host', 'share a namespace'],
    ['docker', '--ipc=host', 'share a namespace'],
    ['docker', '--cap-add=SYS_ADMIN', 'more capabilities'],
    ['docker', '--device=/dev/sda', 'a device of this machine'],
    ['docker', '--security-opt=seccomp=unconfined', 'confinement'],
    ['docker', '--env-file=/home/me/.env', 'read a file of this machine'],
    ['npx', '--call', 'runs a shell command'],
    ['npx', '--call=sh', 'runs a shell command'],
    ['npx', '-c', 'runs a shell command'],
    ['npx', '-cid', 'runs a shell command'],
    ['npx', '--package', 'runs another package'],
    ['npx', '--package=other', 'runs another package'],
    ['npx', '-p', 'runs another package'],
    ['npx', '-p=other', 'runs another package'],
    ['npx', '--registry=https://evil.example', 'another npm registry'],
    ['uvx', '--from=other', 'runs another package'],
    ['uvx', '--with=extra', 'installs further packages'],
    ['uvx', '--index-url=https://evil.example/simple', 'another index'],
    ['uvx', '--extra-index-url=https://evil.example/simple', 'another index'],
    ['uvx', '--python=/tmp/evil', 'another interpreter'],
  ])('refuses %s’s %s: it %s', (command, option, why) => {
    expect(runtimeArgumentsRefusal(command, [[option]])).toContain(why);
  });

  it.each([
    ['docker', [['-e', 'API_KEY'], ['--rm'], ['--workdir=/data'], ['-u', '1000:1000'], ['--read-only']]],
    ['npx', [['-y'], ['--quiet'], ['--prefer-offline']]],
    ['uvx', [['--offline'], ['-q']]],
  ])('lets %s’s narrow options %j through', (command, groups) => {
    expect(runtimeArgumentsRefusal(command, groups)).toBeUndefined();
  });

  it.each([
    ['docker', [['evil/image']], 'is not an option: docker would read it as what to run'],
    ['docker', [['--add-host', 'x:1.2.3.4']], 'not an option MCP Admin lets a registry entry give docker'],
    ['npx', [['--some-new-flag']], 'not an option MCP Admin lets a registry entry give npx'],
    ['docker', [['-e']], 'gives -e no value, which takes one'],
    ['docker', [['--rm', 'evil/image']], 'gives --rm a value, which takes none'],
    ['docker', [['-e', '--privileged']], 'starts with "-"'],
    ['docker', [['--workdir=/a', 'b']], 'gives --workdir two values'],
    ['docker', [['-e', 'A\nB']], 'control character'],
  ])('refuses %s’s %j: %s', (command, groups, why) => {
    expect(runtimeArgumentsRefusal(command, groups)).toContain(why);
  });
});
