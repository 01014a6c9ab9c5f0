/**
 * Whether each project folder holds a `.mcp.json`, for `mcp.projects` (project-list.ts). A config
 * can know 10⁵ projects, most of them folders deleted long ago: stat'ing each one took about 1.1 s
 * of CPU at 10⁵ (bench/RESULTS.md). So the projects are grouped by parent folder, each parent of
 * two or more is listed once, and only the projects whose folder is still in its parent's listing
 * are stat'ed.
 */
import { opendir, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { recordMcpJsonPresence } from './mcp-json-presence';
import { createSlices } from './time-slices';

/** Listings and stats in flight at once: libuv's threads stay busy and other reads wait behind few. */
const CONCURRENT_CHECKS = 32;
/** A parent with more entries than this is not listed to the end: its projects are stat'ed. */
const MAX_LISTED_ENTRIES = 20_000;

/** Looks at `<dir>/.mcp.json` for each of `dirs` and records what it found (mcp-json-presence). */
export async function checkMcpJsonFiles(dirs: readonly string[]): Promise<void> {
  const slices = createSlices();
  const byParent = new Map<string, string[]>();
  const toStat: string[] = [];
  for (const dir of dirs) {
    const name = basename(dir);
    const parent = dirname(dir);
    // The root, and names a listing never shows, are stat'ed.
    if (name === '' || name === '.' || name === '..' || parent === dir) toStat.push(dir);
    else {
      const siblings = byParent.get(parent);
      if (siblings === undefined) byParent.set(parent, [dir]);
      else siblings.push(dir);
    }
    if (slices.due()) await slices.pause();
  }
  const parents = [...byParent];
  await inTurns(parents.length, async (index) => {
    const [parent, children] = parents[index] ?? ['', []];
    const listed = children.length > 1 ? await listedNames(parent) : undefined;
    // A parent can hold 10⁵ projects (a deleted work folder): their record is sliced too.
    for (const dir of children) {
      if (listed === undefined || listed.has(comparable(basename(dir)))) toStat.push(dir);
      else recordMcpJsonPresence(dir, false);
      if (slices.due()) await slices.pause();
    }
  });
  await inTurns(toStat.length, async (index) => {
    const dir = toStat[index] ?? '';
    recordMcpJsonPresence(dir, await isFile(join(dir, '.mcp.json')));
  });
}

/**
 * The names in `parent`, made comparable (a name missing from them is surely absent, even on a
 * case-insensitive or normalizing file system); empty when `parent` does not exist; `undefined`
 * when it cannot be listed or holds more than MAX_LISTED_ENTRIES.
 */
async function listedNames(parent: string): Promise<Set<string> | undefined> {
  let listing;
  try {
    listing = await opendir(parent, { bufferSize: 256 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR' ? new Set() : undefined;
  }
  const names = new Set<string>();
  try {
    for await (const entry of listing) {
      names.add(comparable(entry.name));
      if (names.size > MAX_LISTED_ENTRIES) return undefined;
    }
    return names;
  } catch {
    return undefined;
  } finally {
    await listing.close().catch(() => undefined);
  }
}

function comparable(name: string): string {
  return name.normalize('NFC').toLowerCase();
}

async function inTurns(count: number, task: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < count; index = next++) await task(index);
  };
  await Promise.all(Array.from({ length: CONCURRENT_CHECKS }, worker));
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
