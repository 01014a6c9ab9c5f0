/**
 * The servers of a document to import: Claude Desktop's config or a `.mcp.json`
 * (`{ "mcpServers": { … } }`), or a bare map of servers by name. Whatever is wrong with the
 * document as a whole is an ImportDocumentError; each server's own entry is checked later, on its own.
 */
import { isRecord } from '../records';
import { IMPORT_LIMITS } from '../schemas';
import { JsonTextError, parseJsonText } from './json-text';

export interface DocumentServer {
  name: string;
  /** The entry as written; of a name written twice, the last, as any JSON reader takes it. */
  entry: unknown;
  /** The line of every member with this name, in text order. */
  lines: number[];
}

/** Its message completes a sentence whose subject is the document, e.g. "is not valid JSON: …". */
export class ImportDocumentError extends Error {
  override readonly name = 'ImportDocumentError';
}

export function readImportDocument(text: string): DocumentServer[] {
  let parsed;
  try {
    parsed = parseJsonText(text);
  } catch (error) {
    if (error instanceof JsonTextError) throw new ImportDocumentError(`is not valid JSON: ${error.message}`);
    throw error;
  }
  const root = parsed.value;
  if (!isRecord(root)) {
    throw new ImportDocumentError(
      `must be a JSON object, { "mcpServers": { … } } or servers by name, not ${kindOf(root)}`,
    );
  }
  const servers = Object.hasOwn(root, 'mcpServers') ? root.mcpServers : root;
  if (!isRecord(servers)) {
    throw new ImportDocumentError(
      `has an mcpServers that is ${kindOf(servers)}, not an object of servers by name`,
    );
  }
  const byName = new Map<string, DocumentServer>();
  for (const { key, value, line } of parsed.membersOf(servers) ?? []) {
    const seen = byName.get(key);
    if (seen === undefined) {
      byName.set(key, { name: key, entry: value, lines: [line] });
    } else {
      seen.entry = value;
      seen.lines.push(line);
    }
  }
  if (byName.size > IMPORT_LIMITS.servers) {
    throw new ImportDocumentError(
      `holds ${byName.size} servers; at most ${IMPORT_LIMITS.servers} can be imported at once`,
    );
  }
  return [...byName.values()];
}

/** For a name written more than once: which of them counts. */
export function duplicateNote({ name, lines }: DocumentServer): string | undefined {
  const last = lines.at(-1);
  if (lines.length < 2 || last === undefined) return undefined;
  return `"${name}" appears ${lines.length} times in the text (lines ${lines.join(', ')}): the last one, on line ${last}, is the one used.`;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}
