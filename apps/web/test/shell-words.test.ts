import { describe, expect, it } from 'vitest';
import { shellWords } from '../src/add-form/paste/shell-words';

describe('shellWords', () => {
  it('splits on runs of spaces, tabs and line breaks', () => {
    expect(shellWords('  npx\t-y   @modelcontextprotocol/server-filesystem\n/tmp ')).toEqual({
      ok: true,
      words: ['npx', '-y', '@modelcontextprotocol/server-filesystem', '/tmp'],
    });
  });

  it('keeps single-quoted text exactly, backslashes and $ included', () => {
    expect(shellWords(String.raw`echo 'a b\n $HOME "x"'`)).toEqual({
      ok: true,
      words: ['echo', String.raw`a b\n $HOME "x"`],
    });
  });

  it('in double quotes, unescapes only \\" \\\\ \\$ and \\` and keeps other backslashes', () => {
    expect(shellWords(String.raw`run "say \"hi\" \\ \$X \n"`)).toEqual({
      ok: true,
      words: ['run', String.raw`say "hi" \ $X \n`],
    });
  });

  it('joins quoted and unquoted pieces into one word, and keeps an empty quoted word', () => {
    expect(shellWords(`--root='/my dir'/sub "" ''`)).toEqual({
      ok: true,
      words: ['--root=/my dir/sub', '', ''],
    });
  });

  it('takes a backslash outside quotes as escaping the next character, and backslash-newline as a continuation', () => {
    expect(shellWords('npx -y \\\n  server\\ one \\$HOME')).toEqual({
      ok: true,
      words: ['npx', '-y', 'server one', '$HOME'],
    });
  });

  it('expands nothing: variables, ~ and globs stay as typed', () => {
    expect(shellWords('cmd $HOME ~/x *.json ${TOKEN}')).toEqual({
      ok: true,
      words: ['cmd', '$HOME', '~/x', '*.json', '${TOKEN}'],
    });
  });

  it('drops a comment but keeps a # inside a word', () => {
    expect(shellWords('cmd a#b # the rest')).toEqual({ ok: true, words: ['cmd', 'a#b'] });
  });

  it('refuses unclosed quotes, a trailing backslash and operators that join commands, in words', () => {
    expect(shellWords(`echo 'open`)).toEqual({
      ok: false,
      error: "A single quote (') is opened but never closed.",
    });
    expect(shellWords('echo "open')).toEqual({
      ok: false,
      error: 'A double quote (") is opened but never closed.',
    });
    expect(shellWords('echo \\')).toEqual({ ok: false, error: 'The line ends with a lone "\\".' });
    expect(shellWords('a; rm -rf /')).toEqual({
      ok: false,
      error: '";" joins or redirects commands: paste a single command.',
    });
    expect(shellWords('a | b')).toEqual({
      ok: false,
      error: '"|" joins or redirects commands: paste a single command.',
    });
  });

  it('reads an empty line as no words', () => {
    expect(shellWords('   ')).toEqual({ ok: true, words: [] });
  });
});
