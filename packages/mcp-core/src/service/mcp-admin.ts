/**
 * The service behind every API procedure, as wiring: it makes the shared parts once (settings,
 * queue turns, the audited CLI call, the readers, the history, recorded entry changes and switches)
 * and answers each method from the operation module that owns it. Reads go straight to the files;
 * changes go through the one queue to the CLI, are read back to confirm they landed, and are
 * audited. Inputs are parsed again in each operation with the shared schemas, so nothing reaches a
 * spawn unvalidated whoever the caller is; a failed parse throws the ZodError.
 *
 * To add an operation: write `service/<operation>.ts` exporting `create<Operation>(context)`, whose
 * context is `Pick<ServiceContext, …>` of only the parts it uses (see context.ts) and whose answer
 * is `Pick<McpAdmin, '<method>'>`; declare the method on `McpAdmin` (mcp-admin-types.ts); spread
 * it into the answer below. A recorded change also says how it is undone (undo-change.ts).
 */
import { resolve } from 'node:path';
import { childEnvironment } from '../child-environment';
import { createCliRunner, createCliVersionCache, createMutationQueue } from '../cli';
import { claudeDirFor, configPathFor, credentialsPathFor, lastChecksPath } from '../config';
import { errorText } from '../error-text';
import { DEFAULT_REGISTRY_URL } from '../registry';
import { createAddServer } from './entries/add';
import { auditLogPath, createAuditLog } from './engine/audit-log';
import { createAuditedCli, createAuditTrail } from './engine/audited-cli';
import { createCheckServers } from './checks/check-servers';
import type { EngineContext } from './engine/context';
import { createContextCost } from './checks/context-cost';
import { createEntryChanges } from './entries/changes';
import { historyPath } from './history/change-record';
import { createImportExport } from './entries/import-export';
import { createHistoryJournal } from './history/journal';
import { createRecordedChange } from './history/recorded-change';
import { createLastChecks } from './checks/last-checks';
import { LOGIN_TIMEOUT_MS } from './contract/mcp-admin-types';
import type { McpAdmin, McpAdminOptions } from './contract/mcp-admin-types';
import { createPermissions } from './permissions/permissions';
import { createProfiles } from './profiles/profiles';
import { createProjectToggles } from './switches/project-toggles';
import { createReaders } from './engine/readers';
import { createRegistryReads } from './registry/registry';
import { createReads } from './reads/reads';
import { createRemoveServer } from './entries/remove';
import { reportSessionsMissing } from './sessions/reported-changes';
import { createRunningSessions } from './sessions/running-sessions';
import { createLogs } from './checks/server-logs';
import type { ServiceSettings } from './engine/settings';
import { createSignIn } from './sign-in/sign-in';
import { createStashEntries } from './entries/stash-entries';
import { createSwitchChanges } from './switches/changes';
import { createSwitchServer } from './switches/switch-server';
import { createQueueTurns } from './engine/queue-turns';
import { createUndoChange } from './history/undo';
import { createUpdateServer } from './entries/update';

export type { MutationResult } from './engine/change-result';
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
} from './contract/mcp-admin-types';
export { LOGIN_TIMEOUT_MS } from './contract/mcp-admin-types';

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

  const runner = createCliRunner({ bin: claudeBin, configDir, timeoutMs: cliTimeoutMs, env: spawnEnv });
  const queue = createMutationQueue({ maxQueued });
  const audit = createAuditTrail(createAuditLog(auditLogPath(configPath)), logWarning);
  const cli = createAuditedCli(runner, createCliVersionCache(runner, { path: spawnEnv.PATH ?? '' }), audit);
  const history = createHistoryJournal(historyPath(configPath), logWarning);
  const readers = createReaders(settings);
  const turns = createQueueTurns(queue, settings.managedDir);
  const stash = createStashEntries(configPath, audit);
  const recordedChange = createRecordedChange(history, logWarning);
  const entries = createEntryChanges({ configPath, readers, cli, recordedChange, stash });
  const switches = createSwitchChanges({ settings, readers, cli, audit, entries, recordedChange });
  const lastChecks = createLastChecks(lastChecksPath(configPath), (error) => {
    logWarning(`The last check was not kept: ${errorText(error)}`);
  });
  const engine: EngineContext = { settings, queue, turns, cli, audit, readers };
  const context = { ...engine, history, recordedChange, entries, switches, lastChecks };

  const profiles = createProfiles(context);
  const permissions = createPermissions(context);
  const projectToggles = createProjectToggles({ ...context, control: { claudeBin, configDir } });
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
    ...createUndoChange({
      ...context,
      undoProfile: profiles.undo,
      undoToggle: projectToggles.undo,
      undoPermission: permissions.undo,
    }),
    ...createSwitchServer(context),
    ...projectToggles.operations,
    ...profiles.operations,
    ...permissions.operations,
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
    },
  };
}
