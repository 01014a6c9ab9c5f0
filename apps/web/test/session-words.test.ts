import { describe, expect, it } from 'vitest';
import { missedSessionsText, startedAgo } from '../src/sessions/session-words';

const session = (pid: number, cwd: string) => ({ pid, cwd, name: `s${String(pid)}`, startedAt: 1 });

describe('missedSessionsText', () => {
  it('names the project, the count and each session when every missed session is in the changed project', () => {
    const output = { ok: true, sessionsMissing: [session(1, '/w/acme-web'), session(2, '/w/acme-web/api')] };

    expect(missedSessionsText(output, '/w/acme-web')).toBe(
      '2 running Claude Code sessions in acme-web (s1, s2) started before this change and still use the old servers: restart them, or run /mcp there.',
    );
  });

  it('speaks of one session in the singular, its folder named when the change named no project', () => {
    expect(missedSessionsText({ sessionsMissing: [session(1, '/w/notes')] }, undefined)).toBe(
      '1 running Claude Code session in notes (s1) started before this change and still uses the old servers: restart it, or run /mcp there.',
    );
  });

  it('counts the folders of sessions spread over several, and says nothing when no session is missed', () => {
    const output = { sessionsMissing: [session(1, '/w/a'), session(2, '/w/b')] };

    expect(missedSessionsText(output, '/w/c')).toContain(
      '2 running Claude Code sessions in 2 folders (s1 in a, s2 in b) started',
    );
    expect(missedSessionsText({ ok: true, sessionsMissing: [] }, '/w/a')).toBeNull();
    expect(missedSessionsText([{ name: 'imported' }], '/w/a')).toBeNull();
  });

  it("counts each session once over an import's results, whose added servers each name the sessions they miss", () => {
    const missed = [session(1, '/w/acme-web'), session(2, '/w/acme-web/api')];
    const output = [
      { name: 'a', outcome: 'added', sessionsMissing: missed },
      { name: 'b', outcome: 'exists' },
      { name: 'c', outcome: 'added', sessionsMissing: missed },
    ];

    expect(missedSessionsText(output, '/w/acme-web')).toBe(
      '2 running Claude Code sessions in acme-web (s1, s2) started before this change and still use the old servers: restart them, or run /mcp there.',
    );
  });

  it('names a session without a name by its pid, and past five sessions counts the rest', () => {
    const unnamed = { pid: 4242, cwd: '/w/notes', startedAt: 1 };
    const many = [1, 2, 3, 4, 5, 6, 7].map((pid) => session(pid, '/w/notes'));
    expect(missedSessionsText({ sessionsMissing: [unnamed] }, '/w/notes')).toContain(
      'in notes (pid 4242) started',
    );
    expect(missedSessionsText({ sessionsMissing: many }, '/w/notes')).toContain(
      '7 running Claude Code sessions in notes (s1, s2, s3, s4, s5 and 2 more) started',
    );
  });
});

describe('startedAgo', () => {
  it('tells how long a session has run in its largest whole unit', () => {
    const now = 10 * 86_400_000;
    expect(startedAgo(now - 30_000, now)).toBe('just now');
    expect(startedAgo(now - 5 * 60_000, now)).toBe('5 min ago');
    expect(startedAgo(now - 90 * 60_000, now)).toBe('1 h ago');
    expect(startedAgo(now - 3 * 86_400_000, now)).toBe('3 d ago');
  });
});
