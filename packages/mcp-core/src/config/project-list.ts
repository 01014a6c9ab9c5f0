/**
 * The projects `.claude.json` knows (docs/api.md#mcpprojects). A config can know a million of them,
 * so the sorted list is built once per version of the file, in slices that leave the event loop
 * free, and `hasMcpJson` comes from what the reader last saw of each project's `.mcp.json` (see
 * mcp-json-presence). When `.claude.json` changes, the projects never looked at are looked at, and
 * up to RECHECKS_PER_VERSION others in turn: every one of them in a config of that many projects
 * or fewer, a bounded number of stats per change in a bigger one. An answer waits for those looks
 * at most FIRST_ANSWER_WAIT_MS: the ones still running fill `hasMcpJson` in for the next call.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { localServerCount, readClaudeConfig, type ClaudeConfig } from './claude-config';
import { checkMcpJsonFiles } from './mcp-json-checks';
import { mcpJsonPresence, mcpJsonPresenceVersion } from './mcp-json-presence';
import { compareText } from './text-order';
import { createSlices, sortInSlices, type Slices } from './time-slices';
import type { KnownProject } from './types';

/** About 0.2–0.4 s of stats on a 2-core machine, once per change of `.claude.json`. */
const RECHECKS_PER_VERSION = 10_000;
/** The longest the first answer for a version of `.claude.json` waits for the `.mcp.json` checks. */
const FIRST_ANSWER_WAIT_MS = 300;

interface ProjectIndex {
  /** Sorted by path; `hasMcpJson` is brought up to date in place. */
  projects: KnownProject[];
  /** The presence record's version `hasMcpJson` was last brought up to date from. */
  presenceVersion: number;
}

const indexByConfig = new WeakMap<ClaudeConfig, Promise<ProjectIndex>>();
/** Per config file, where the next round of re-checks starts. */
const recheckCursors = new Map<string, number>();
/** One round of checks at a time: a version that follows waits, then finds little left to check. */
let checksInTurn: Promise<unknown> = Promise.resolve();

/** The projects `.claude.json` knows, by path. The entries are the reader's own: read, don't change. */
export async function listProjects(configPath: string): Promise<KnownProject[]> {
  const config = await readClaudeConfig(configPath);
  let index = indexByConfig.get(config);
  if (index === undefined) {
    index = buildIndex(configPath, config);
    indexByConfig.set(config, index);
  }
  const ready = await index;
  if (ready.presenceVersion !== mcpJsonPresenceVersion()) await bringUpToDate(ready);
  return ready.projects.slice();
}

/**
 * Of `projects`, the paths to look at for a new version of `.claude.json`: all never looked at
 * (`isKnown` false), then, of the others, those among the `budget` projects from `cursor` on
 * (wrapping around); and where the next round starts.
 */
export async function pickChecks(
  projects: readonly { path: string }[],
  isKnown: (path: string) => boolean,
  { cursor, budget }: { cursor: number; budget: number },
  slices: Slices,
): Promise<{ paths: string[]; nextCursor: number }> {
  const paths: string[] = [];
  for (const { path } of projects) {
    if (!isKnown(path)) paths.push(path);
    if (slices.due()) await slices.pause();
  }
  const rechecks = Math.min(budget, projects.length);
  for (let step = 0; step < rechecks; step++) {
    const path = projects[(cursor + step) % projects.length]?.path;
    if (path !== undefined && isKnown(path)) paths.push(path);
  }
  return { paths, nextCursor: projects.length === 0 ? 0 : (cursor + rechecks) % projects.length };
}

async function buildIndex(configPath: string, config: ClaudeConfig): Promise<ProjectIndex> {
  const slices = createSlices();
  const unsorted: KnownProject[] = [];
  for (const [path, stored] of config.projects) {
    unsorted.push({ path, localCount: localServerCount(stored), hasMcpJson: false });
    if (slices.due()) await slices.pause();
  }
  const projects = await sortInSlices(unsorted, (a, b) => compareText(a.path, b.path), slices);
  const round = checksInTurn.then(async () => {
    const { paths, nextCursor } = await pickChecks(
      projects,
      (path) => mcpJsonPresence(path) !== undefined,
      { cursor: recheckCursors.get(configPath) ?? 0, budget: RECHECKS_PER_VERSION },
      slices,
    );
    recheckCursors.set(configPath, nextCursor);
    await checkMcpJsonFiles(paths);
  });
  checksInTurn = round.catch(() => undefined);
  // A config of 10⁵ projects takes seconds of stats: the answer does not wait for them all; the
  // projects not looked at yet read as without `.mcp.json`, and the next call has them.
  await Promise.race([round, sleep(FIRST_ANSWER_WAIT_MS, undefined, { ref: false })]);
  return { projects, presenceVersion: -1 };
}

async function bringUpToDate(index: ProjectIndex): Promise<void> {
  const version = mcpJsonPresenceVersion();
  const slices = createSlices();
  for (const project of index.projects) {
    project.hasMcpJson = mcpJsonPresence(project.path) ?? false;
    if (slices.due()) await slices.pause();
  }
  index.presenceVersion = version;
}
