/**
 * Parses JSON keeping only the object members a selector asks for.
 */
import { isRecord } from './records';

/** For the member at `path` (keys from the root): keep it whole, keep some of its members, or drop it. */
export type MemberSelector = (path: readonly string[]) => 'whole' | 'members' | 'none';

export class JsonSyntaxError extends SyntaxError {
  override readonly name = 'JsonSyntaxError';
  constructor(
    readonly reason: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`${reason} at line ${line}, column ${column}`);
  }
}

export function isJsonSyntaxError(error: unknown): error is JsonSyntaxError {
  return error instanceof JsonSyntaxError;
}

export function parseJsonSubset(bytes: Buffer, select: MemberSelector): Promise<unknown> {
  const text = bytes.toString('utf8');
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    const position = /position (\d+)/.exec((error as Error).message)?.[1];
    const offset = position === undefined ? text.length : Number(position);
    const before = text.slice(0, offset).split('\n');
    throw new JsonSyntaxError((error as Error).message, before.length, (before.at(-1)?.length ?? 0) + 1);
  }
  return Promise.resolve(prune(document, [], select));
}

function prune(value: unknown, path: readonly string[], select: MemberSelector): unknown {
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value).flatMap(([key, member]) => {
      const memberPath = [...path, key];
      const selection = select(memberPath);
      if (selection === 'none') return [];
      return [[key, selection === 'whole' ? member : prune(member, memberPath, select)]];
    }),
  );
}
