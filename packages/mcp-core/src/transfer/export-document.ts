import type { StoredServers } from '../config';
import { maskEntry } from '../secret-masking';

/** Servers as a `.mcp.json` document, pretty-printed; every secret hidden unless `reveal`. */
export function exportDocument(servers: StoredServers, reveal: boolean): string {
  // Object.fromEntries defines own properties: a stored "__proto__" name stays a name.
  const mcpServers = Object.fromEntries(
    [...servers].map(([name, entry]) => [name, reveal ? entry : maskEntry(entry)]),
  );
  return `${JSON.stringify({ mcpServers }, null, 2)}\n`;
}
