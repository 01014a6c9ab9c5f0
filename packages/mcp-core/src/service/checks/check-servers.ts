/**
 * `mcp.check` and `mcp.checkAll`: connect to listed servers and list their tools. Not queued (they
 * change nothing) but bounded in time (not counting the time a server waited for a CPU:
 * check/fair-deadline.ts) and in how many run at once; `close()` stops every running check and
 * refuses new ones.
 */
import {
  checkEach,
  confirmationRequired,
  connectTimeoutMs,
  createConcurrencyLimit,
  createSpawnTurns,
  findCheckTarget,
  isActive,
  loadCheckServer,
  needsConfirmation,
} from '../../check';
import { join } from 'node:path';
import { credentialKey, readJsonFile, readStoredTokens } from '../../config';
import type { Server, StoredToken } from '../../config';
import { McpCoreError } from '../../errors';
import { checkAllInputSchema, checkServerInputSchema } from '../../schemas';
import type { EngineContext } from '../engine';
import type { LastChecks } from './last-checks';

import type { McpAdmin } from '../contract';
import { withPermissions } from '../permissions';

/**
 * Checks running at once in one server process, each maybe a process tree of its own: a bound on
 * processes and pipes. They all start at once: servers that wait on the network wait together, and
 * CPU-bound starts that slow each other down are given back the time they waited for a core.
 */
const MAX_CONCURRENT_CHECKS = 32;

type CheckOperations = Pick<McpAdmin, 'check' | 'checkAll'> & {
  /** Stops every running check (new ones are refused) and resolves once they are gone. */
  close(): Promise<void>;
};

export function createCheckServers({
  settings,
  readers,
  lastChecks,
}: Pick<EngineContext, 'settings' | 'readers'> & { lastChecks: LastChecks }): CheckOperations {
  const { spawnEnv, credentialsPath } = settings;
  const checks = createConcurrencyLimit(MAX_CONCURRENT_CHECKS);
  const spawnTurn = createSpawnTurns();
  /** Aborted by `close()`: every check still running stops, its processes killed. */
  const closing = new AbortController();
  const runningChecks = new Set<Promise<unknown>>();

  function untilClosed(signal: AbortSignal | undefined): AbortSignal {
    if (closing.signal.aborted) {
      throw new McpCoreError('QUEUE_FULL', 'MCP Admin is shutting down and starts no more checks.');
    }
    return signal === undefined ? closing.signal : AbortSignal.any([signal, closing.signal]);
  }

  function runCheck(server: Server, projectPath: string, timeoutMs: number, signal: AbortSignal) {
    const check = checks.run(async () => {
      const [checkServer, storedToken] = await Promise.all([loadCheckServer(), storedTokenOf(server)]);
      // Last before the start, which a later await would let several checks bunch into one turn.
      // A remote server starts no process here.
      if (server.transport === 'stdio') await spawnTurn();
      const result = await checkServer(server, {
        env: spawnEnv,
        cwd: projectPath,
        timeoutMs,
        signal,
        storedToken,
      });
      // Kept for mcp.contextCost (README "Context cost"): what each server costs shows after a restart.
      await lastChecks.record(server, projectPath, result);
      return withPermissions(settings, result, server.name, projectPath);
    }, signal);
    runningChecks.add(check);
    void check.finally(() => runningChecks.delete(check)).catch(() => undefined);
    return check;
  }

  /**
   * As long as Claude Code waits for a server to connect: MCP_TIMEOUT of the user's settings.json
   * (read at each check, as Claude Code reads it at each start), else of the environment, else 30 s.
   */
  async function defaultTimeoutMs(): Promise<number> {
    // A settings file that cannot be read is one Claude Code goes on without: the list reports it.
    return connectTimeoutMs(spawnEnv, await readJsonFile(join(settings.claudeDir, 'settings.json'), []));
  }

  /** Claude Code's token for a signed-in remote server; a store that cannot be read holds none. */
  async function storedTokenOf(server: Server): Promise<StoredToken | undefined> {
    if (server.auth !== 'signed-in' || credentialsPath === undefined) return undefined;
    return (await readStoredTokens(credentialsPath, []))?.get(credentialKey(server));
  }

  return {
    async check(rawInput, signal) {
      const input = checkServerInputSchema.parse(rawInput);
      const projectPath = await readers.existingProject(input.projectPath);
      const server = findCheckTarget(await readers.serversToCheck(projectPath), input);
      if (needsConfirmation(server) && input.confirm !== true) throw confirmationRequired(server);
      const timeoutMs = input.timeoutMs ?? (await defaultTimeoutMs());
      return runCheck(server, projectPath, timeoutMs, untilClosed(signal));
    },

    async checkAll(rawInput, signal) {
      const input = checkAllInputSchema.parse(rawInput);
      const projectPath = await readers.existingProject(input?.projectPath);
      const active = (await readers.serversToCheck(projectPath)).filter(isActive);
      const timeoutMs = await defaultTimeoutMs();
      return checkEach(
        active,
        (server, until) => runCheck(server, projectPath, timeoutMs, until),
        untilClosed(signal),
      );
    },

    async close() {
      // The reason each stopped check rejects with.
      closing.abort(new McpCoreError('QUEUE_FULL', 'MCP Admin is shutting down: the check was stopped.'));
      await Promise.allSettled(runningChecks);
    },
  };
}
