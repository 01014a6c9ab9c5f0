/**
 * A server's sheet is in the address (`#/servers/<scope>/<name>`, plus the file of a project entry
 * kept in a parent folder's `.mcp.json`): it can be bookmarked, and Back closes it.
 */
import { useEffect, useState } from 'react';
import { rowKey } from '../rows';
import type { ServerEntry } from '../trpc';
import { sourceLabel } from './row-display';
import { currentHash } from '../ui/view-url';

/** Which entry the sheet shows: the same name may be kept in several scopes and files. */
export interface SheetTarget {
  scope: string;
  name: string;
  /** The entry's file when it is not the project's own `.mcp.json` (a parent folder's). */
  source: string;
  /** The part of the sheet to open at (`tools`, from Context cost's `Tools of <name>`); none for its top. */
  at?: 'tools';
}

/** Ends an address that opens the sheet at its tools. */
const AT_TOOLS = '?at=tools';

const PREFIX = '#/servers/';

/** The entry's file as the address says it: nothing for the project's own `.mcp.json` or no file. */
function sourceKey(server: Pick<ServerEntry, 'scope' | 'source'>, projectPath: string): string {
  // A user or local entry is in .claude.json, one per name: only `.mcp.json` files can shadow each other.
  if (server.scope !== 'project' || server.source === undefined) return '';
  const label = sourceLabel(server.source, projectPath);
  return label === '.mcp.json' ? '' : label;
}

export function sheetHref(
  server: Pick<ServerEntry, 'name' | 'scope' | 'source'>,
  projectPath: string,
  at?: 'tools',
): string {
  const source = sourceKey(server, projectPath);
  const parts = [server.scope, server.name, ...(source === '' ? [] : [source])];
  return PREFIX + parts.map(encodeURIComponent).join('/') + (at === 'tools' ? AT_TOOLS : '');
}

export function sheetTargetIn(hash: string): SheetTarget | null {
  if (!hash.startsWith(PREFIX)) return null;
  // `?` is encoded in every part: only the suffix can hold one.
  const atTools = hash.endsWith(AT_TOOLS);
  const path = atTools ? hash.slice(PREFIX.length, -AT_TOOLS.length) : hash.slice(PREFIX.length);
  const [scope, name, source = ''] = path.split('/').map(safeDecode);
  if (scope === undefined || name === undefined || scope === '' || name === '') return null;
  return atTools ? { scope, name, source, at: 'tools' } : { scope, name, source };
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** The listed entry the sheet's address names, if it is listed. */
export function sheetServer(
  servers: readonly ServerEntry[],
  target: SheetTarget | null,
  projectPath: string,
): ServerEntry | undefined {
  if (target === null) return undefined;
  return servers.find(
    (server) =>
      server.scope === target.scope &&
      server.name === target.name &&
      sourceKey(server, projectPath) === target.source,
  );
}

/** The id of a row's name link: focus returns to it when its sheet closes. */
export function sheetOpenerId(server: ServerEntry, projectPath: string): string {
  return `open ${rowKey(server, projectPath)}`;
}

/**
 * The sheet the address names, and how to close it: Back when the sheet was opened here (so Back
 * does not open it again), otherwise (a bookmark) the Servers view's address in its place.
 */
export function useSheetTarget(): { target: SheetTarget | null; close: () => void } {
  const [hash, setHash] = useState(currentHash);
  const [openedHere, setOpenedHere] = useState(false);
  useEffect(() => {
    const onHashChange = () => {
      const next = window.location.hash;
      setOpenedHere(sheetTargetIn(next) !== null);
      setHash(next);
    };
    window.addEventListener('hashchange', onHashChange);
    return () => {
      window.removeEventListener('hashchange', onHashChange);
    };
  }, []);
  const close = () => {
    if (openedHere) {
      window.history.back();
      return;
    }
    window.history.replaceState(window.history.state, '', '#/servers');
    setHash('#/servers');
  };
  return { target: sheetTargetIn(hash), close };
}
