import type { StoredServers } from '../config/claude-config';
import { redactSecrets } from './secrets';

/** Servers as a `.mcp.json` document, pretty-printed; env and header values hidden unless `reveal`. */
export function exportDocument(servers: StoredServers, reveal: boolean): string {
  // Object.fromEntries defines own properties: a stored "__proto__" name stays a name.
  const mcpServers = Object.fromEntries(
    [...servers].map(([name, entry]) => [name, reveal ? entry : redactSecrets(entry)]),
  );
  return `${JSON.stringify({ mcpServers }, null, 2)}\n`;
}
