/**
 * Change events for config files, whoever writes them (the panel, another terminal running
 * `claude mcp add`, Claude Code itself).
 *
 * The CLI replaces a config file by renaming a temporary file over it, so a watch on the file
 * itself would stay on the old inode: each file's DIRECTORY is watched instead (`fs.watch`,
 * inotify on Linux) and its events are filtered by file name. One CLI write is a burst of events
 * (the temporary file, the rename, a backup), so events are debounced, and a change is reported
 * only when the file's identity (inode, size, mtime, or absence) really differs from the last
 * one reported. A directory that cannot be watched (it does not exist yet, such as a config dir
 * Claude Code has not created) falls back to polling its files with `fs.watchFile`, which also
 * sees a file appear in a directory created later. A watched directory that is itself deleted
 * or replaced later is not followed.
 */
import { unwatchFile, watch, watchFile } from 'node:fs';
import type { FSWatcher, StatsListener } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { identityOf } from './config-file';

export interface ConfigChange {
  /** The file that changed. */
  file: string;
  /** False when the change deleted it. */
  exists: boolean;
  /** The state of every watched file after this change: give it back as `since` to resume. */
  version: string;
}

export interface WatchConfigFilesOptions {
  /** Ends the watch: the iterator finishes and every watcher is closed. */
  signal: AbortSignal;
  /** A `version` seen before: files that differ from it are reported at once. */
  since?: string | undefined;
}

/** How long the files must be quiet before they are compared: a CLI write's burst lasts a few ms. */
const DEBOUNCE_MS = 75;
/** For directories that cannot be watched: rare, so a slow poll is enough. */
const POLL_INTERVAL_MS = 1000;

const ABSENT = '-';
const UNREADABLE = '?';
const VERSION_SEPARATOR = '|';

/**
 * Starts watching `files`: every write, creation or deletion after the returned promise resolves
 * is yielded (and, with `since`, whatever changed since that version). The iteration ends when
 * `signal` aborts or the consumer stops iterating; either closes every watcher.
 */
export async function watchConfigFiles(
  files: readonly string[],
  { signal, since }: WatchConfigFilesOptions,
): Promise<AsyncIterable<ConfigChange>> {
  const bursts = createBursts();
  const stopWatching = watchDirectories(files, bursts.onEvent);
  const stop = () => {
    signal.removeEventListener('abort', stop);
    bursts.stop();
    stopWatching();
  };
  if (signal.aborted) stop();
  else signal.addEventListener('abort', stop);
  // Watching starts before the first look at the files, so no write falls in between.
  const reported = since?.split(VERSION_SEPARATOR) ?? (await stateOf(files));
  return changesAfter(files, reported, bursts.next, stop);
}

async function* changesAfter(
  files: readonly string[],
  reportedBefore: readonly string[],
  nextBurst: () => Promise<boolean>,
  stop: () => void,
): AsyncGenerator<ConfigChange, void, undefined> {
  let reported = reportedBefore;
  try {
    do {
      const state = await stateOf(files);
      for (const [index, file] of files.entries()) {
        if (state[index] === reported[index]) continue;
        yield { file, exists: state[index] !== ABSENT, version: state.join(VERSION_SEPARATOR) };
      }
      reported = state;
    } while (await nextBurst());
  } finally {
    stop();
  }
}

/**
 * Coalesces file events into bursts: `next()` resolves true once events have been quiet for
 * DEBOUNCE_MS (at once if a burst settled meanwhile), false once stopped.
 */
function createBursts() {
  let settled = false;
  let stopped = false;
  let wake: (() => void) | undefined;
  let quietTimer: NodeJS.Timeout | undefined;
  return {
    onEvent: () => {
      if (stopped) return;
      clearTimeout(quietTimer);
      quietTimer = setTimeout(() => {
        settled = true;
        wake?.();
      }, DEBOUNCE_MS);
    },
    stop: () => {
      stopped = true;
      clearTimeout(quietTimer);
      wake?.();
    },
    next: () =>
      new Promise<void>((resolve) => {
        wake = resolve;
        if (settled || stopped) resolve();
      }).then(() => {
        settled = false;
        wake = undefined;
        return !stopped;
      }),
  };
}

/** Calls `onEvent` for every event about one of `files`; returns the function that stops it all. */
function watchDirectories(files: readonly string[], onEvent: () => void): () => void {
  const namesByDirectory = new Map<string, Set<string>>();
  for (const file of files) {
    const names = namesByDirectory.get(dirname(file)) ?? new Set();
    namesByDirectory.set(dirname(file), names.add(basename(file)));
  }
  const stops = [...namesByDirectory].map(([directory, names]) => watchDirectory(directory, names, onEvent));
  return () => {
    for (const stop of stops) stop();
  };
}

/** `fs.watch` on the directory, or polling its files when it cannot be watched or the watch fails. */
function watchDirectory(directory: string, names: ReadonlySet<string>, onEvent: () => void): () => void {
  const paths = [...names].map((name) => join(directory, name));
  const onPolledChange: StatsListener = () => {
    onEvent();
  };
  let polling = false;
  const poll = () => {
    polling = true;
    for (const path of paths) watchFile(path, { interval: POLL_INTERVAL_MS }, onPolledChange);
  };
  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(directory, (_eventType, name) => {
      // Some platforms do not say which file: then it may be one of ours.
      if (name === null || names.has(name)) onEvent();
    });
    watcher.on('error', () => {
      watcher?.close();
      poll();
      // Whatever happened before the failure has not been looked at yet.
      onEvent();
    });
  } catch {
    poll();
  }
  return () => {
    watcher?.close();
    if (polling) for (const path of paths) unwatchFile(path, onPolledChange);
  };
}

async function stateOf(files: readonly string[]): Promise<string[]> {
  return Promise.all(
    files.map((file) =>
      identityOf(file).then(
        (identity) => identity ?? ABSENT,
        () => UNREADABLE,
      ),
    ),
  );
}
