/**
 * The service behind every API procedure, as wiring: it makes the shared parts once (settings,
 * queue turns, the audited CLI call, the readers, the history, recorded entry changes and switches)
 * and answers each method from the operation module that owns it. Reads go straight to the files;
 * changes go through the one queue to the CLI, are read back to confirm they landed, and are
 * audited. Inputs are parsed again in each operation with the shared schemas, so nothing reaches a
 * spawn unvalidated whoever the caller is; a failed parse throws the ZodError.
 *
 * To add an operation: write it in its capability's folder as `create<Operation>(context)`, whose
 * context is `Pick<EngineContext, …>` of only the engine's parts it uses (engine/context.ts) plus
 * the capabilities it sits on, and whose answer is `Pick<McpAdmin, '<method>'>`; declare the
 * method on `McpAdmin` (contract/); spread it into the answer below. A recorded change of a new
 * kind also registers its undo (`undoers.register`, history/undo.ts).
 */
import { readdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { childEnvironment } from '../child-environment';
import { createCliRunner, createCliVersionCache, createMutationQueue } from '../cli';
import {
  claudeDirFor,
  configPathFor,
  credentialsPathFor,
  disabledStashPath,
  lastChecksPath,
} from '../config';
import { errorText } from '../error-text';
import { createSystemKeychain } from '../keychain';
import { createOwnLock } from '../own-lock';
import { DEFAULT_REGISTRY_URL } from '../registry';
import {
  createAddServer,
  createEntryChanges,
  createKeptSecretMoves,
  createKeptSecretStore,
  createImportExport,
  createRemoveServer,
  createStashEntries,
  createUpdateServer,
} from './entries';
import {
  auditLogPath,
  createAuditedCli,
  createAuditLog,
  createAuditTrail,
  createQueueTurns,
  createReaders,
} from './engine';
import type { EngineContext, ServiceSettings } from './engine';
import { createCheckServers, createContextCost, createLastChecks, createLogs } from './checks';
import {
  createHistoryJournal,
  createIntentStore,
  createRecordedChange,
  createRecovery,
  createUndoChange,
  createUndoRegistry,
  historyPath,
  intentsDir,
} from './history';
import { LOGIN_TIMEOUT_MS } from './contract';
import type { McpAdmin, McpAdminOptions } from './contract';
import { createPermissions } from './permissions';
import { createProfiles } from './profiles';
import { createProjectToggles, createSwitchChanges, createSwitchServer } from './switches';
import { createRegistryReads } from './registry';
import { createReads } from './reads';
import { createRunningSessions, reportSessionsMissing } from './sessions';
import { createSignIn } from './sign-in';

export type { MutationResult } from './engine';
export type {
  ApplyProfileResult,
  ContextCost,
  McpAdmin,
  McpAdminHealth,
  McpAdminOptions,
  PermissionRules,
  ProfileServerResult,
  ProfileView,
  ServerCost,
  SystemInfo,
} from './contract';
export { LOGIN_TIMEOUT_MS } from './contract';

export function createMcpAdmin(options: McpAdminOptions): McpAdmin {
  const { configDir, claudeBin, cliTimeoutMs, spawnEnv, maxQueued } = options;
  const configPath = configPathFor(configDir);
  const claudeDir = claudeDirFor(configDir);
  const settings: ServiceSettings = {
    configPath,
    claudeDir,
    managedDir: options.managedDir,
    defaultProject: resolve(options.defaultProject),
    // What servers are started with and what their `${VAR}`s expand from: never MCP Admin's token.
    spawnEnv: childEnvironment(spawnEnv),
    credentialsPath: credentialsPathFor(claudeDir, process.platform),
    homeDir: options.homeDir,
    appData: options.appData,
    cliTimeoutMs,
    logWarning:
      options.logWarning ??
      ((message) => {
        console.warn(`MCP Admin: ${message}`);
      }),
  };
  const { logWarning } = settings;

  // The one writer lock of every MCP Admin on this config: each change and each own-file write holds it.
  const lock = createOwnLock(configPath, { logWarning });
  // A CLI spawned in a change is named in the lock, before its spawn: killed, this MCP Admin leaves it running.
  const runner = createCliRunner({
    bin: claudeBin,
    configDir,
    timeoutMs: cliTimeoutMs,
    env: spawnEnv,
    beforeSpawn: (bin, args) => lock.helper(bin, args),
  });
  const queue = createMutationQueue({ maxQueued });
  const audit = createAuditTrail(createAuditLog(auditLogPath(configPath), undefined, lock), logWarning);
  const cli = createAuditedCli(runner, createCliVersionCache(runner, { path: spawnEnv.PATH ?? '' }), audit);
  // Built before the history: a rotation hands it the dropped records whose items may now be unused.
  const keychain = options.keychain ?? createSystemKeychain({ env: settings.spawnEnv });
  const keptSecrets = createKeptSecretStore(keychain, configPath, undefined, logWarning);
  const history = createHistoryJournal(historyPath(configPath), logWarning, lock, {
    rotateBytes: options.historyRotateBytes,
    onDropped: (records) => keptSecrets.forgetUnnamed(records, () => filesNamingEntries(configPath)),
  });
  const readers = createReaders(settings);
  const turns = createQueueTurns(queue, settings.managedDir, lock);
  const stash = createStashEntries(configPath, audit);
  // A change that takes something away is durable here before its first step; settled at start if cut off.
  const intents = createIntentStore(configPath);
  const recovery = createRecovery(intents, history);
  const recordedChange = createRecordedChange(history, logWarning, intents);
  // Each capability that records changes registers their undo here.
  const undoers = createUndoRegistry();
  const entries = createEntryChanges({
    configPath,
    readers,
    cli,
    recordedChange,
    undoers,
    recovery,
    stash,
    keptSecrets,
    logWarning,
  });
  const switches = createSwitchChanges({
    settings,
    readers,
    cli,
    audit,
    entries,
    recordedChange,
    undoers,
    recovery,
  });
  const lastChecks = createLastChecks(
    lastChecksPath(configPath),
    (error) => {
      logWarning(`The last check was not kept: ${errorText(error)}`);
    },
    lock,
  );
  const engine: EngineContext = { settings, queue, turns, cli, audit, readers };
  const context = {
    ...engine,
    history,
    recordedChange,
    undoers,
    recovery,
    entries,
    switches,
    lastChecks,
    keychain,
    keptSecrets,
  };

  const profiles = createProfiles(context);
  const permissions = createPermissions(context);
  const projectToggles = createProjectToggles({
    ...context,
    control: { claudeBin, configDir, beforeSpawn: (bin, args) => lock.helper(bin, args) },
  });
  undoers.refuseUnlessComplete();
  const checks = createCheckServers(context);
  const signIn = createSignIn({
    ...context,
    login: { claudeBin, configDir, timeoutMs: options.loginTimeoutMs ?? LOGIN_TIMEOUT_MS },
  });
  const { login, loginPaste, logout } = signIn;
  const { check, checkAll } = checks;

  const runningSessions = createRunningSessions({ settings, readers });
  const operations = {
    ...createReads(context),
    ...createLogs(context),
    ...createAddServer(context),
    ...createRemoveServer(context),
    ...createUpdateServer(context),
    ...createKeptSecretMoves(context),
    ...createUndoChange(context),
    ...createSwitchServer(context),
    ...projectToggles,
    ...profiles,
    ...permissions,
    ...createImportExport(context),
    ...createContextCost(context),
    ...createRegistryReads(context, options.registryUrl ?? DEFAULT_REGISTRY_URL),
    logout,
  };

  return {
    configPath,
    defaultProject: settings.defaultProject,
    ...operations,
    // Each change's answer names the running sessions it does not reach.
    ...reportSessionsMissing(operations, { reports: runningSessions, readers, history }),
    sessions: runningSessions.sessions,
    check,
    checkAll,
    login,
    loginPaste,

    async close() {
      await Promise.all([checks.close(), queue.drain(), signIn.close()]);
      intents.close();
    },
  };
}

/**
 * Every file that can name a kept entry's ref: `.claude.json`, the stash, both history files and
 * each change in flight's intent.
 */
async function filesNamingEntries(configPath: string): Promise<string[]> {
  const dir = intentsDir(configPath);
  const intents = (await readdir(dir).catch(() => [])).filter((name) => /^change-.*\.json$/.test(name));
  return [
    configPath,
    disabledStashPath(configPath),
    historyPath(configPath),
    join(dirname(historyPath(configPath)), 'history.1.jsonl'),
    ...intents.map((name) => join(dir, name)),
  ];
}
