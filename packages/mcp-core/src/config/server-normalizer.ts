/**
 * Turns one stored server entry, whatever its shape, into the `Server` the panel shows.
 * Nothing stored is dropped: a field that does not fit its typed slot goes to `extra`, and an
 * entry of no known shape is listed with transport `unknown`.
 */
import { copyJson } from './json-copy';
import { unwrapEntry } from '../kept-secrets';
import { isRecord } from '../records';
import { hideSecretMap, hideValues, maskArgs, maskCredentials, maskValue } from '../secret-masking';
import type { Server, ServerScope, ServerTransport } from './types';

/** What the entry itself says; its status comes from effective-status.ts. */
export type NormalizedServer = Omit<Server, 'status' | 'statusReason'>;

export interface StoredServer {
  name: string;
  scope: ServerScope;
  /** The file the entry was read from. */
  source: string;
  entry: unknown;
}

/**
 * How deep a stored value is shown in `extra`: real entries nest a few levels, and a value past
 * this (a hostile file can nest one 100 000 deep) could not even be serialized into a response.
 */
export const MAX_SHOWN_DEPTH = 32;

export function normalizeServer(
  { name, scope, source, entry }: StoredServer,
  reveal: boolean,
): NormalizedServer {
  if (!isRecord(entry)) return { name, scope, transport: 'unknown', source };
  // A kept entry is shown as the user wrote it: the real command, the kept names (kept-secrets.ts).
  const unwrapped = unwrapEntry(entry);
  if (unwrapped !== undefined) {
    const { ref, env, headers } = unwrapped.kept;
    return {
      ...normalizeServer({ name, scope, source, entry: unwrapped.entry }, reveal),
      keychain: { ref, env, headers },
    };
  }
  const transport = transportOf(entry);
  const server: NormalizedServer = { name, scope, transport, source };
  const extra: [string, unknown][] = [];
  // Each field finds its place by its stored shape first; secrets are hidden wherever it lands:
  // env and header values whole, credentials in any other string (see secret-masking).
  for (const [key, value] of Object.entries(entry)) {
    const secret = !reveal && (key === 'env' || key === 'headers');
    if (key === 'type') {
      // A known type is what `transport` says; an unknown one (e.g. `ws`) stays visible.
      if (transport === 'unknown') extra.push([key, copyJson(value, MAX_SHOWN_DEPTH)]);
    } else if ((key === 'command' || key === 'url') && typeof value === 'string') {
      server[key] = reveal ? value : maskCredentials(value);
    } else if (key === 'args' && isStringArray(value)) {
      server.args = reveal ? [...value] : maskArgs(value);
    } else if ((key === 'env' || key === 'headers') && isStringRecord(value)) {
      server[key] = secret ? hideValues(value) : { ...value };
    } else if (secret) {
      extra.push([key, hideSecretMap(value)]);
    } else {
      const shown = copyJson(value, MAX_SHOWN_DEPTH);
      extra.push([key, reveal ? shown : maskValue(shown)]);
    }
  }
  if (extra.length > 0) server.extra = Object.fromEntries(extra);
  return server;
}

// Mirrors what Claude Code accepts: stdio may omit `type`; `streamable-http` is its older name for http.
function transportOf(entry: Record<string, unknown>): ServerTransport {
  const hasCommand = typeof entry.command === 'string';
  const hasUrl = typeof entry.url === 'string';
  switch (entry.type) {
    case undefined:
    case 'stdio':
      return hasCommand ? 'stdio' : 'unknown';
    case 'http':
    case 'streamable-http':
      return hasUrl ? 'http' : 'unknown';
    case 'sse':
      return hasUrl ? 'sse' : 'unknown';
    default:
      return 'unknown';
  }
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return isRecord(value) && Object.values(value).every((item) => typeof item === 'string');
}
