/**
 * Where a JSON text stops being JSON, as the scanner (json-subset.ts) reports it: a reason, the
 * byte offset, and the line and column a person looks for, found again from the bytes before it
 * (read a second time when the text came in pieces that are gone).
 */
import { StringDecoder } from 'node:string_decoder';

export class JsonSyntaxError extends SyntaxError {
  override readonly name = 'JsonSyntaxError';

  constructor(
    /** What is wrong, e.g. `Unexpected character`: never the text itself, which may be a secret. */
    readonly reason: string,
    /** Byte offset in the input. */
    readonly offset: number,
    readonly line: number,
    /** In characters, from 1. */
    readonly column: number,
  ) {
    super(`${reason} at line ${line}, column ${column}`);
  }
}

export function isJsonSyntaxError(error: unknown): error is JsonSyntaxError {
  return error instanceof JsonSyntaxError;
}

/** Reads up to `length` bytes of the text from `position`; fewer only at its end. */
export type ReadBytesAt = (position: number, length: number) => Promise<Buffer>;

const LINE_FEED = 0x0a;
/** The bytes before an error are read again in pieces of this. */
const PIECE_BYTES = 1024 * 1024;

/** The error `reason` at byte `offset`, with its line and column (in characters, from 1). */
export async function syntaxErrorAt(
  reason: string,
  offset: number,
  readAt: ReadBytesAt,
): Promise<JsonSyntaxError> {
  let line = 1;
  let lineStart = 0;
  for (let position = 0; position < offset;) {
    const piece = await readAt(position, Math.min(PIECE_BYTES, offset - position));
    if (piece.length === 0) break;
    for (let i = piece.indexOf(LINE_FEED); i !== -1; i = piece.indexOf(LINE_FEED, i + 1)) {
      line += 1;
      lineStart = position + i + 1;
    }
    position += piece.length;
  }
  // Characters, not bytes: decoded in pieces, a character split between two is counted once.
  const decoder = new StringDecoder('utf8');
  let characters = 0;
  for (let position = lineStart; position < offset;) {
    const piece = await readAt(position, Math.min(PIECE_BYTES, offset - position));
    if (piece.length === 0) break;
    characters += decoder.write(piece).length;
    position += piece.length;
  }
  characters += decoder.end().length;
  return new JsonSyntaxError(reason, offset, line, characters + 1);
}
