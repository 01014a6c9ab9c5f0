import { describe, expect, it } from 'vitest';
import { isSwitchedOn, sourceLabel, targetText } from '../src/servers/row-display';
import { rowVerdict } from '../src/servers/row-verdict';
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

describe('rowVerdict', () => {
  it.each([
    [{ status: 'active' }, 'loads', 'Active'],
    [{ status: 'shadowed', shadowedBy: 'local' }, 'wont-load', 'Shadowed by Local scope'],
    [{ status: 'pending', scope: 'project' }, 'needs-you', 'Pending approval'],
    [{ status: 'rejected', scope: 'project' }, 'wont-load', 'Rejected'],
    [{ status: 'disabled-in-project' }, 'wont-load', 'Disabled in this project'],
    [{ status: 'disabled' }, 'wont-load', 'Disabled'],
    [{ status: 'blocked' }, 'wont-load', 'Blocked by policy'],
    [{ status: 'overridden' }, 'wont-load', 'Overridden by managed config'],
  ] as const)(
    'answers %o with %s, its sentence starting with the fixed words %s',
    (fields, answer, words) => {
      const verdict = rowVerdict(server(fields));
      expect({ answer: verdict.answer, starts: verdict.sentence.startsWith(words) }).toEqual({
        answer,
        starts: true,
      });
    },
  );

  it('says a pending server waiting only for trust needs the folder trusted, and an unapproved one needs the switch', () => {
    const pending = (awaitsTrust?: true) =>
      rowVerdict(server({ scope: 'project', status: 'pending', approval: 'pending', awaitsTrust }));
    expect([pending(true).fix, pending().fix]).toEqual([
      { kind: 'outside', text: 'Open claude in this folder once to trust it.' },
      { kind: 'switch-on', text: 'Turn it on to approve it.' },
    ]);
  });

  it('makes an active server with variables the environment lacks need you, naming each in the fixed words', () => {
    expect(rowVerdict(server({ missingEnv: ['API_KEY', 'HOST'] }))).toEqual({
      answer: 'needs-you',
      sentence: 'Active, but Claude Code would pass ${API_KEY}, ${HOST} on as text.',
      fix: {
        kind: 'outside',
        text: 'Missing variable API_KEY, Missing variable HOST: set them where you start claude.',
      },
    });
  });

  it('makes an active server whose last check failed, timed out or asked to sign in need you; a connected one loads', () => {
    const remote = server({ transport: 'http', url: 'https://x/mcp' });
    expect(
      (['failed', 'timeout', 'needs-auth', 'ok'] as const).map((status) => rowVerdict(remote, status).answer),
    ).toEqual(['needs-you', 'needs-you', 'needs-you', 'loads']);
    expect(rowVerdict(remote, 'needs-auth').fix).toEqual({ kind: 'sign-in', text: 'Sign in.' });
  });
});

describe('signing in', () => {
  const remote = (fields: Partial<ServerEntry>) =>
    server({ transport: 'http', url: 'https://x/mcp', ...fields });

  it('offers Sign in on a remote row signed out or whose check needs authentication, never on stdio', () => {
    expect(offersSignIn(remote({ auth: 'signed-out' }), undefined)).toBe(true);
    expect(offersSignIn(remote({ auth: 'signed-in' }), 'needs-auth')).toBe(true);
    expect(offersSignIn(remote({}), 'needs-auth')).toBe(true);
    expect(offersSignIn(remote({ auth: 'signed-in' }), 'ok')).toBe(false);
    expect(offersSignIn(remote({}), undefined)).toBe(false);
    expect(offersSignIn(server({}), 'needs-auth')).toBe(false);
  });

  it('never offers Sign in where a fixed Authorization header signs it in, whatever the token store or the check says', () => {
    const withHeader = remote({ headers: { authorization: '••••••' }, auth: 'signed-out' });
    expect([offersSignIn(withHeader, undefined), offersSignIn(withHeader, 'needs-auth')]).toEqual([
      false,
      false,
    ]);
    expect(rowVerdict(withHeader, 'needs-auth').fix).toEqual({
      kind: 'outside',
      text: 'Edit the Authorization header.',
    });
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
  it('is off for a stashed user or local server and for a project server rejected or not approved yet, on once approved (even awaiting trust)', () => {
    expect({
      user: isSwitchedOn({ ...server({}), scope: 'user' }),
      stashedUser: isSwitchedOn({ ...server({ status: 'disabled', disabled: true }), scope: 'user' }),
      stashedLocal: isSwitchedOn({ ...server({ status: 'disabled', disabled: true }), scope: 'local' }),
      pendingProject: isSwitchedOn({
        ...server({ status: 'pending', approval: 'pending' }),
        scope: 'project',
      }),
      awaitingTrust: isSwitchedOn({
        ...server({ status: 'pending', approval: 'pending', awaitsTrust: true }),
        scope: 'project',
      }),
      approvedProject: isSwitchedOn({
        ...server({ status: 'active', approval: 'approved' }),
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
      pendingProject: false,
      awaitingTrust: true,
      approvedProject: true,
      rejectedProject: false,
      shadowedRejected: false,
    });
  });
});
