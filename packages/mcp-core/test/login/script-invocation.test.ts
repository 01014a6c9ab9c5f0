/**
 * How `script` is started on each platform: on Linux no word of the command reaches the shell's
 * text; on macOS (BSD `script`, built by its manual, not run here) the words are its arguments.
 */
import { execFileSync } from 'node:child_process';
import { expect, it } from 'vitest';
import { scriptInvocation } from '../../src/login/pseudo-terminal';

const hostile = ['mcp', 'login', '$(touch /tmp/pwned)', '"; rm -rf ~; "', '--no-browser'];

it('Linux: util-linux script runs a fixed text that only names variables; the words travel in the environment', () => {
  const { args, env } = scriptInvocation('linux', '/opt/claude', hostile);
  expect(args).toEqual([
    '--quiet',
    '--flush',
    '--return',
    '--command',
    'exec "$MCP_ADMIN_PTY_WORD_0" "$MCP_ADMIN_PTY_WORD_1" "$MCP_ADMIN_PTY_WORD_2" "$MCP_ADMIN_PTY_WORD_3" "$MCP_ADMIN_PTY_WORD_4" "$MCP_ADMIN_PTY_WORD_5"',
    '/dev/null',
  ]);
  expect(env).toEqual({
    SHELL: '/bin/sh',
    MCP_ADMIN_PTY_WORD_0: '/opt/claude',
    MCP_ADMIN_PTY_WORD_1: 'mcp',
    MCP_ADMIN_PTY_WORD_2: 'login',
    MCP_ADMIN_PTY_WORD_3: '$(touch /tmp/pwned)',
    MCP_ADMIN_PTY_WORD_4: '"; rm -rf ~; "',
    MCP_ADMIN_PTY_WORD_5: '--no-browser',
  });
  // The text, run by the shell script -c uses, hands each word over untouched.
  const printed = execFileSync('/bin/sh', ['-c', `printf '%s\\n' ${String(args[4]).slice('exec '.length)}`], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  expect(printed.split('\n').slice(0, -1)).toEqual(['/opt/claude', ...hostile]);
});

it('macOS: BSD script takes the command words after the file, quiet and flushing, no shell and no extra environment', () => {
  expect(scriptInvocation('darwin', '/opt/claude', hostile)).toEqual({
    args: ['-q', '-F', '/dev/null', '/opt/claude', ...hostile],
    env: {},
  });
});

it('elsewhere there is no script to run: the refusal says where sign-in works', () => {
  expect(() => scriptInvocation('win32', 'claude', ['mcp', 'login', 'x'])).toThrow(
    'Signing in needs a pseudo-terminal, which MCP Admin starts on Linux and macOS only, not on win32.',
  );
});
