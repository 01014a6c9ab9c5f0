/**
 * The authorization URL in what `claude mcp login --no-browser` prints: alone on its line,
 * indented, inside an OSC 8 hyperlink (so it is there twice, once as the link's hidden target).
 * Every terminal sequence is stripped first, which leaves the visible copy once. Node's own
 * `stripVTControlCharacters` is not enough: it takes `ESC ] 8 ; ; j` of an OSC 8 link to
 * `javascript:…` for a sequence of its own and leaves the rest of the link's target as text.
 */

// ECMA-48: OSC and the other string sequences up to BEL or ST, CSI, and the other ESC sequences.
const TERMINAL_SEQUENCE = new RegExp(
  [
    '(?:\\u001B\\]|\\u009D)[\\s\\S]*?(?:\\u0007|\\u001B\\\\|\\u009C)',
    '(?:\\u001B[PX^_]|[\\u0090\\u0098\\u009E\\u009F])[\\s\\S]*?(?:\\u001B\\\\|\\u009C)',
    '(?:\\u001B\\[|\\u009B)[\\u0030-\\u003F]*[\\u0020-\\u002F]*[\\u0040-\\u007E]',
    '\\u001B[\\u0020-\\u002F]*[\\u0030-\\u007E]',
  ].join('|'),
  'g',
);
// What is left of other control characters (line ends aside) is no text either.
// eslint-disable-next-line no-control-regex
const OTHER_CONTROL = /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

export type PrintedUrl =
  /** An http(s) URL: the only kind passed on to a browser. */
  | { url: string }
  /** A URL of another scheme (`javascript:`, `file:`, …): never passed on. */
  | { refusedScheme: string };

/** The first complete line that is one absolute URL, if a line so far is. */
export function findAuthorizationUrl(output: string): PrintedUrl | undefined {
  const lines = plainText(output).split(/\r\n|\r|\n/);
  // The last piece has no line end yet: a URL may still be arriving.
  for (const line of lines.slice(0, -1)) {
    const word = line.trim();
    if (!/^[a-z][a-z\d+.-]*:\S+$/i.test(word) || !URL.canParse(word)) continue;
    const { protocol } = new URL(word);
    return protocol === 'http:' || protocol === 'https:' ? { url: word } : { refusedScheme: protocol };
  }
  return undefined;
}

/** The output as a person would read it in the terminal, without its control sequences. */
function plainText(output: string): string {
  return output.replace(TERMINAL_SEQUENCE, '').replace(OTHER_CONTROL, '');
}

/** The CLI's last words: its outcome ("Authenticated with …", or why it could not). */
export function lastLine(output: string): string | undefined {
  return plainText(output)
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .at(-1);
}
