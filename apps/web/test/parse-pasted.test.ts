import { describe, expect, it } from 'vitest';
import { nameFromCommand, nameFromUrl, parsePasted } from '../src/add-form/paste/parse-pasted';

describe('parsePasted: a command line', () => {
  it('fills command, arguments and a name from the package', () => {
    expect(parsePasted('npx -y @modelcontextprotocol/server-filesystem /tmp')).toEqual({
      ok: true,
      kind: 'a command line',
      ignored: [],
      server: {
        transport: 'stdio',
        name: 'filesystem',
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'],
      },
    });
  });

  it('takes leading KEY=VALUE words as variables and keeps quoted arguments whole', () => {
    expect(parsePasted(`API_KEY=s3cret DEBUG= node "/my dir/server.js" --flag 'a b'`)).toEqual({
      ok: true,
      kind: 'a command line',
      ignored: [],
      server: {
        transport: 'stdio',
        name: 'node',
        command: 'node',
        args: ['/my dir/server.js', '--flag', 'a b'],
        env: [
          ['API_KEY', 's3cret'],
          ['DEBUG', ''],
        ],
      },
    });
  });

  it('reads a lone web address as an HTTP server named after its host', () => {
    expect(parsePasted('https://mcp.notion.com/mcp')).toEqual({
      ok: true,
      kind: 'a command line',
      ignored: [],
      server: { transport: 'http', url: 'https://mcp.notion.com/mcp', name: 'notion' },
    });
  });

  it('says in words why a line cannot be read', () => {
    expect(parsePasted('npx "unclosed')).toEqual({
      ok: false,
      error: 'A double quote (") is opened but never closed.',
    });
    expect(parsePasted('  ')).toEqual({
      ok: false,
      error: 'Nothing to read: paste a command or a JSON entry.',
    });
    expect(parsePasted('A=1 B=2')).toEqual({
      ok: false,
      error: 'Only variables were pasted: there is no command.',
    });
  });
});

describe('parsePasted: a claude mcp add line', () => {
  it('reads scope, variables, name, and the command with its flags after --', () => {
    expect(
      parsePasted(
        'claude mcp add --scope user -e API_KEY=abc -e MODE=fast files -- npx -y @scope/files-mcp /srv',
      ),
    ).toEqual({
      ok: true,
      kind: 'a claude mcp add line',
      ignored: [],
      server: {
        transport: 'stdio',
        name: 'files',
        scope: 'user',
        command: 'npx',
        args: ['-y', '@scope/files-mcp', '/srv'],
        env: [
          ['API_KEY', 'abc'],
          ['MODE', 'fast'],
        ],
      },
    });
  });

  it('reads an HTTP server with its transport and headers, short options and --opt=value alike', () => {
    expect(
      parsePasted(
        `claude mcp add -t http --scope=project notion https://mcp.notion.com/mcp -H "Authorization: Bearer x y"`,
      ),
    ).toEqual({
      ok: true,
      kind: 'a claude mcp add line',
      ignored: [],
      server: {
        transport: 'http',
        name: 'notion',
        scope: 'project',
        url: 'https://mcp.notion.com/mcp',
        headers: [['Authorization', 'Bearer x y']],
      },
    });
  });

  it('reads an add-json line with its scope', () => {
    expect(
      parsePasted(`claude mcp add-json -s user web '{"type":"sse","url":"https://e.test/sse"}'`),
    ).toEqual({
      ok: true,
      kind: 'a claude mcp add line',
      ignored: [],
      server: { transport: 'sse', url: 'https://e.test/sse', name: 'web', scope: 'user' },
    });
  });

  it('refuses other subcommands, unknown options, bad scopes and a line without a name or command, in words', () => {
    expect(parsePasted('claude mcp remove x')).toEqual({
      ok: false,
      error: '"claude mcp remove" does not add a server: paste a "claude mcp add" line.',
    });
    expect(parsePasted('claude mcp add --client-id abc x https://e.test')).toEqual({
      ok: false,
      error: 'The option "--client-id" has no box in this form.',
    });
    expect(parsePasted('claude mcp add -s global x node')).toEqual({
      ok: false,
      error: 'The scope "global" is not one of user, local or project.',
    });
    expect(parsePasted('claude mcp add x')).toEqual({
      ok: false,
      error: 'The line gives no command or URL for "x".',
    });
    expect(parsePasted('claude mcp add -- node')).toEqual({
      ok: false,
      error: 'The server\'s name must come before "--".',
    });
  });
});

describe('parsePasted: JSON', () => {
  it('reads a named entry and names the fields the form has no box for', () => {
    expect(
      parsePasted(
        '{"github": {"command": "docker", "args": ["run", "ghcr.io/github/github-mcp-server"], "env": {"TOKEN": "t"}, "timeout": 5000}}',
      ),
    ).toEqual({
      ok: true,
      kind: 'JSON',
      ignored: ['timeout'],
      server: {
        transport: 'stdio',
        name: 'github',
        command: 'docker',
        args: ['run', 'ghcr.io/github/github-mcp-server'],
        env: [['TOKEN', 't']],
      },
    });
  });

  it('reads a whole mcpServers document with one server, a bare entry and a "name": {…} fragment', () => {
    const remote = { transport: 'http', url: 'https://e.test/mcp', headers: [['X-Key', 'k']] };
    expect(
      parsePasted(
        '{"mcpServers": {"web": {"type": "http", "url": "https://e.test/mcp", "headers": {"X-Key": "k"}}}}',
      ),
    ).toMatchObject({
      ok: true,
      server: { ...remote, name: 'web' },
    });
    expect(
      parsePasted('{"type": "streamable-http", "url": "https://e.test/mcp", "headers": {"X-Key": "k"}}'),
    ).toEqual({
      ok: true,
      kind: 'JSON',
      ignored: [],
      server: { ...remote, name: 'e' },
    });
    expect(
      parsePasted('"fs": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem"]},'),
    ).toMatchObject({
      ok: true,
      server: { name: 'fs', command: 'npx' },
    });
  });

  it('refuses JSON that is broken, holds several servers or entries of the wrong shape, in words', () => {
    expect(parsePasted('{"a": ')).toEqual({
      ok: false,
      error: 'This is not valid JSON (a missing comma or quote?).',
    });
    expect(parsePasted('{"mcpServers": {"a": {"command": "x"}, "b": {"command": "y"}}}')).toEqual({
      ok: false,
      error: 'The JSON holds 2 servers: paste one, or use Import JSON for several.',
    });
    expect(parsePasted('{"a": {"command": "x", "args": [1]}}')).toEqual({
      ok: false,
      error: '"args" must be a list of texts.',
    });
    expect(parsePasted('{"a": {"cmd": "x"}}')).toEqual({
      ok: false,
      error: '"a" has neither a command nor a url.',
    });
  });
});

describe('suggested names', () => {
  it('come from the package or host, in the characters a name may hold', () => {
    expect(nameFromCommand('uvx', ['mcp-server-git', '--repository', '.'])).toBe('git');
    expect(nameFromCommand('npx', ['-y', '@upstash/context7-mcp@latest'])).toBe('context7');
    expect(nameFromCommand('/usr/local/bin/my server.py', [])).toBe('my-server');
    expect(nameFromUrl('https://api.githubcopilot.com/mcp/')).toBe('githubcopilot');
    expect(nameFromUrl('not a url')).toBeUndefined();
  });
});
