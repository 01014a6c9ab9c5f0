import { describe, expect, it } from 'vitest';
import { isSwitchedOn, sourceLabel, statusNotes, targetText } from '../src/servers/row-display';
import { isNotLoading } from '../src/servers/server-display';
import { offersSignIn } from '../src/sign-in/row-sign-ins';
import type { ServerEntry } from '../src/trpc';

/** A user-scope server Claude Code loads, with `fields` on top. */
function server(fields: Partial<ServerEntry>): ServerEntry {
  return {
    name: 's',
    scope: 'user',
    transport: 'stdio',
    status: 'active',
    statusReason: 'Because.',
    ...fields,
  };
}

describe('targetText', () => {
  it('shows a command line, quoting only the words that need it', () => {
    expect(targetText(server({ command: 'node', args: ['-v', 'two words', '', 'say "hi"'] }))).toBe(
      'node -v "two words" "" "say \\"hi\\""',
    );
  });

  it('shows the URL of a remote server, and a dash for an entry with neither', () => {
    expect(targetText(server({ transport: 'sse', url: 'http://x/sse' }))).toBe('http://x/sse');
    expect(targetText(server({ transport: 'unknown' }))).toBe('—');
  });
});

describe('sourceLabel', () => {
  it("shortens the project's own .mcp.json and keeps a parent's absolute", () => {
    expect(sourceLabel('/work/app/.mcp.json', '/work/app')).toBe('.mcp.json');
    expect(sourceLabel('/work/.mcp.json', '/work/app')).toBe('/work/.mcp.json');
    expect(sourceLabel('/work/application/.mcp.json', '/work/app')).toBe('/work/application/.mcp.json');
  });
});

describe('statusNotes', () => {
  it.each([
    [{ status: 'active' }, { text: 'Active', tone: 'ok' }],
    [
      { status: 'shadowed', shadowedBy: 'local' },
      { text: 'Shadowed by Local scope', tone: 'muted' },
    ],
    [
      { status: 'pending', scope: 'project' },
      { text: 'Pending approval', tone: 'warn' },
    ],
    [
      { status: 'rejected', scope: 'project' },
      { text: 'Rejected', tone: 'warn' },
    ],
    [{ status: 'disabled-in-project' }, { text: 'Disabled in this project', tone: 'warn' }],
    [{ status: 'disabled' }, { text: 'Disabled', tone: 'muted' }],
    [{ status: 'blocked' }, { text: 'Blocked by policy', tone: 'warn' }],
    [{ status: 'overridden' }, { text: 'Overridden by managed config', tone: 'muted' }],
  ] as const)('says %o in the fixed words', (fields, note) => {
    expect(statusNotes(server(fields))).toEqual([note]);
  });

  it('adds one note per variable the environment lacks', () => {
    expect(statusNotes(server({ missingEnv: ['API_KEY', 'HOST'] }))).toEqual([
      { text: 'Active', tone: 'ok' },
      { text: 'Missing variable API_KEY', tone: 'warn' },
      { text: 'Missing variable HOST', tone: 'warn' },
    ]);
  });
});

describe('isNotLoading', () => {
  it('is true of every status but active, and of an active server with a missing variable', () => {
    expect(isNotLoading(server({}))).toBe(false);
    expect(isNotLoading(server({ status: 'pending' }))).toBe(true);
    expect(isNotLoading(server({ missingEnv: ['X'] }))).toBe(true);
  });
});

describe('signing in', () => {
  const remote = (fields: Partial<ServerEntry>) =>
    server({ transport: 'http', url: 'https://x/mcp', ...fields });

  it('notes whether a remote server is signed in, and nothing where that is not known', () => {
    expect(statusNotes(remote({ auth: 'signed-in' }))).toEqual([
      { text: 'Active', tone: 'ok' },
      { text: 'Signed in', tone: 'ok' },
    ]);
    expect(statusNotes(remote({ auth: 'signed-out' }))).toEqual([
      { text: 'Active', tone: 'ok' },
      { text: 'Not signed in', tone: 'muted' },
    ]);
    expect(statusNotes(remote({}))).toEqual([{ text: 'Active', tone: 'ok' }]);
  });

  it('offers Sign in on a remote row signed out or whose check needs authentication, never on stdio', () => {
    expect(offersSignIn(remote({ auth: 'signed-out' }), undefined)).toBe(true);
    expect(offersSignIn(remote({ auth: 'signed-in' }), 'needs-auth')).toBe(true);
    expect(offersSignIn(remote({}), 'needs-auth')).toBe(true);
    expect(offersSignIn(remote({ auth: 'signed-in' }), 'ok')).toBe(false);
    expect(offersSignIn(remote({}), undefined)).toBe(false);
    expect(offersSignIn(server({}), 'needs-auth')).toBe(false);
  });

  it('never offers Sign in on a .mcp.json server nobody approved (the server refuses it)', () => {
    const project = (approval: ServerEntry['approval']) =>
      server({ scope: 'project', transport: 'http', url: 'https://x/mcp', auth: 'signed-out', approval });
    expect(
      [project('pending'), project('rejected'), project('approved')].map((s) => offersSignIn(s, undefined)),
    ).toEqual([false, false, true]);
  });
});

describe('isSwitchedOn', () => {
  it('is off for a stashed user or local server and for a rejected project server, on otherwise', () => {
    expect({
      user: isSwitchedOn({ ...server({}), scope: 'user' }),
      stashedUser: isSwitchedOn({ ...server({ status: 'disabled', disabled: true }), scope: 'user' }),
      stashedLocal: isSwitchedOn({ ...server({ status: 'disabled', disabled: true }), scope: 'local' }),
      pendingProject: isSwitchedOn({
        ...server({ status: 'pending', approval: 'pending' }),
        scope: 'project',
      }),
      rejectedProject: isSwitchedOn({
        ...server({ status: 'rejected', approval: 'rejected' }),
        scope: 'project',
      }),
      // Shadowed, it is still rejected: the switch tells the approval, not whether it wins.
      shadowedRejected: isSwitchedOn({
        ...server({ status: 'shadowed', approval: 'rejected', shadowedBy: 'local' }),
        scope: 'project',
      }),
    }).toEqual({
      user: true,
      stashedUser: false,
      stashedLocal: false,
      pendingProject: true,
      rejectedProject: false,
      shadowedRejected: false,
    });
  });
});
