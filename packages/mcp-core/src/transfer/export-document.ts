import type { StoredServers } from '../config';
import { maskEntry } from '../secret-masking';
import { placeholderEntry, PlaceholderNames } from './placeholder-entry';
import type { Placeholder } from './placeholder-entry';

/** How an export writes secrets: hidden (`••••••`), as they are, or as `${VAR}` placeholders. */
export type SecretsAs = 'hidden' | 'revealed' | 'placeholders';

export interface ExportedDocument {
  json: string;
  /** With placeholders: the variables to set before Claude Code starts these servers. */
  placeholders?: Placeholder[];
}

/** Servers as a `.mcp.json` document, pretty-printed, their secrets written as `secrets` says. */
export function exportDocument(servers: StoredServers, secrets: SecretsAs): ExportedDocument {
  const names = new PlaceholderNames();
  if (secrets === 'placeholders') for (const entry of servers.values()) names.reserveReferences(entry);
  const written = (name: string, entry: unknown) => {
    if (secrets === 'revealed') return entry;
    return secrets === 'hidden' ? maskEntry(entry) : placeholderEntry(name, entry, names);
  };
  // Object.fromEntries defines own properties: a stored "__proto__" name stays a name.
  const mcpServers = Object.fromEntries([...servers].map(([name, entry]) => [name, written(name, entry)]));
  const json = `${JSON.stringify({ mcpServers }, null, 2)}\n`;
  return secrets === 'placeholders' ? { json, placeholders: names.placeholders } : { json };
}
