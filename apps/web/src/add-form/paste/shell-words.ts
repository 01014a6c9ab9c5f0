/**
 * Splits a pasted command line into words the way a POSIX shell would, without running or
 * expanding anything: quotes group, backslashes escape, `$VAR` and `~` stay as typed.
 */
export type ShellWords = { ok: true; words: string[] } | { ok: false; error: string };

export function shellWords(line: string): ShellWords {
  const words: string[] = [];
  let word = '';
  // A word exists once anything, even an empty pair of quotes, has been read into it.
  let inWord = false;
  let index = 0;
  const finish = () => {
    if (inWord) words.push(word);
    word = '';
    inWord = false;
  };
  while (index < line.length) {
    const char = line.charAt(index);
    if (char === ' ' || char === '\t' || char === '\n' || char === '\r') {
      finish();
      index += 1;
    } else if (char === '\\') {
      const next = line.charAt(index + 1);
      // A backslash before a line break continues the line (a command copied from a README).
      if (next === '\n') index += 2;
      else if (next === '\r' && line.charAt(index + 2) === '\n') index += 3;
      else if (index + 1 >= line.length) return { ok: false, error: 'The line ends with a lone "\\".' };
      else {
        word += next;
        inWord = true;
        index += 2;
      }
    } else if (char === "'") {
      const end = line.indexOf("'", index + 1);
      if (end === -1) return { ok: false, error: "A single quote (') is opened but never closed." };
      word += line.slice(index + 1, end);
      inWord = true;
      index = end + 1;
    } else if (char === '"') {
      const read = doubleQuoted(line, index + 1);
      if (read === null) return { ok: false, error: 'A double quote (") is opened but never closed.' };
      word += read.text;
      inWord = true;
      index = read.end + 1;
    } else if (char === '#' && !inWord) {
      // A comment runs to the end of its line.
      const end = line.indexOf('\n', index);
      index = end === -1 ? line.length : end;
    } else if (char === ';' || char === '|' || char === '&' || char === '<' || char === '>') {
      return { ok: false, error: `"${char}" joins or redirects commands: paste a single command.` };
    } else {
      word += char;
      inWord = true;
      index += 1;
    }
  }
  finish();
  return { ok: true, words };
}

/** Inside "…", a backslash escapes only `"`, `\`, `$`, `` ` `` and a line break. */
function doubleQuoted(line: string, start: number): { text: string; end: number } | null {
  let text = '';
  let index = start;
  while (index < line.length) {
    const char = line.charAt(index);
    if (char === '"') return { text, end: index };
    if (char === '\\' && index + 1 < line.length) {
      const next = line.charAt(index + 1);
      if (next === '\n') {
        index += 2;
        continue;
      }
      if (next === '"' || next === '\\' || next === '$' || next === '`') {
        text += next;
        index += 2;
        continue;
      }
    }
    text += char;
    index += 1;
  }
  return null;
}
