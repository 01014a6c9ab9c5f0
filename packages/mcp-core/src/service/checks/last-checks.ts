/**
 * Keeps each entry's last check (README "Context cost"): every check the service runs is recorded
 * under its entry's fingerprint, replacing the one before for that server, and found again only
 * while the entry is unchanged. One write at a time, over what was last read: checks finish in
 * any order, and each must land without losing another. The file is read again whenever it is no
 * longer the one last read or written (another MCP Admin on the same folder wrote it, or the user
 * removed it), so what the panel shows is what the file holds.
 */
import type { CheckResult } from '../../check';
import {
  checkKeys,
  lastChecksVersion,
  LAST_CHECK_ERROR_MAX,
  LAST_CHECK_STDERR_MAX,
  LAST_CHECK_TOOL_NAME_MAX,
  LAST_CHECK_TOOLS_MAX,
  readLastChecks,
  writeLastChecks,
  type Server,
  type StoredCheck,
} from '../../config';
import { NO_LOCK } from '../../own-lock';
import type { OwnLock } from '../../own-lock';

export interface LastChecks {
  /** Records `result` as the last check of `server`'s entry; a failure to write is given to `onError`. */
  record(server: Server, projectPath: string, result: CheckResult): Promise<void>;
  /** The last check of this very entry, if one is kept. */
  find(server: Server, projectPath: string): Promise<StoredCheck | undefined>;
}

/** `lock`: held over each read-modify-write, so another MCP Admin's check is read before this one's is written. */
export function createLastChecks(
  path: string,
  onError: (error: unknown) => void,
  lock: OwnLock = NO_LOCK,
): LastChecks {
  let checks: Promise<StoredCheck[]> | undefined;
  /** The version of the file `checks` holds. */
  let checksVersion: string | undefined;
  let writing: Promise<void> = Promise.resolve();
  /** The look at the file under way: the finds of one request (one per server) share it. */
  let looking: Promise<StoredCheck[]> | undefined;
  const kept = () =>
    (looking ??= (async () => {
      const version = await lastChecksVersion(path);
      if (checks === undefined || version !== checksVersion) {
        checksVersion = version;
        checks = readLastChecks(path);
      }
      return checks;
    })().finally(() => {
      looking = undefined;
    }));

  return {
    record(server, projectPath, result) {
      const keys = checkKeys(server, projectPath);
      const check: StoredCheck = {
        ...keys,
        checkedAt: Date.now(),
        status: result.status,
        latencyMs: Math.max(0, Math.round(result.latencyMs)),
      };
      // Why it did not connect, kept so the panel says it after a reload; stderr's newest part.
      if (result.error !== undefined) check.error = result.error.slice(0, LAST_CHECK_ERROR_MAX);
      if (result.stderr !== undefined && result.stderr !== '') {
        check.stderr = result.stderr.slice(-LAST_CHECK_STDERR_MAX);
      }
      if (result.tools !== undefined) {
        check.tools = result.tools
          .slice(0, LAST_CHECK_TOOLS_MAX)
          .map(({ name, tokens }) => ({ name: name.slice(0, LAST_CHECK_TOOL_NAME_MAX), tokens }));
      }
      writing = writing.then(() =>
        lock
          .hold(async () => {
            const next = [...(await kept()).filter((stored) => stored.server !== keys.server), check];
            checks = Promise.resolve(next);
            await writeLastChecks(path, next).then(async () => {
              // The file now holds `next`: reading it back would only give the same.
              checksVersion = await lastChecksVersion(path);
            }, onError);
          })
          .catch(onError),
      );
      return writing;
    },
    async find(server, projectPath) {
      const { entry } = checkKeys(server, projectPath);
      return (await kept()).find((stored) => stored.entry === entry);
    },
  };
}
