/**
 * The service behind every API procedure: reads go straight to the config reader, mutations
 * go through the one queue to the CLI, are read back to confirm they landed, and are audited.
 * Inputs are parsed again here with the shared schemas, so nothing reaches a spawn unvalidated
 * whoever the caller is; a failed parse throws the ZodError.
 */
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import packageJson from '../../package.json' with { type: 'json' };
import {
  checkEach,
  checkServer,
  confirmationRequired,
  countRunnableDescendants,
  createConcurrencyLimit,
  createStartGate,
  findCheckTarget,
  isActive,
  needsConfirmation,
} from '../check';
import type { CheckAllEvent, CheckResult } from '../check';
import {
  cliEnvironment,
  toggleMcpServer,
  createCliRunner,
  createCliVersionCache,
  createMutationQueue,
  loginArgv,
  logoutArgv,
} from '../cli';
import {
  claudeDirFor,
  configPathFor,
  credentialKey,
  credentialsPathFor,
  disabledStashPath,
  findStoredEntries,
  findStoredEntry,
  installedPluginsPath,
  isDirectory,
  listProjects,
  listServers,
  managedMcpPath,
  projectMcpJsonPath,
  readManagedConfig,
  readStoredTokens,
  settingsFilesOf,
  watchConfigFiles,
} from '../config';
import type { CliCommand, MutationQueueStatus } from '../cli';
import type {
  ConfigChange,
  ConfigProblem,
  KnownProject,
  Server,
  McpLogSession,
  ServerList,
  StoredEntry,
  StoredToken,
} from '../config';
import { McpCoreError, isMcpCoreError } from '../errors';
import {
  addServerInputSchema,
  CHECK_TIMEOUT_MS,
  checkAllInputSchema,
  checkServerInputSchema,
  HISTORY_LIMIT,
  historyInputSchema,
  listServersInputSchema,
  loginPasteInputSchema,
  logsInputSchema,
  removeServerInputSchema,
  signInTargetSchema,
  switchServerInputSchema,
  undoInputSchema,
  updateServerInputSchema,
  watchInputSchema,
} from '../schemas';
import { createStashEntries, createSwitchOperations } from '../switch';
import type {
  AddServerInput,
  ApplyProfileInput,
  DeleteProfileInput,
  SaveProfileInput,
  CheckAllInput,
  CheckServerInput,
  HistoryInput,
  ListServersInput,
  LoginPasteInput,
  LogsInput,
  RemoveServerInput,
  SignInTarget,
  ResetChoicesInput,
  Scope,
  UndoInput,
  UpdateServerInput,
  SwitchServerInput,
  WatchInput,
} from '../schemas';
import { createSignIns } from '../login';
import type { LoginEvent } from '../login';
import { claudeDesktopConfigPath, createTransferOperations } from '../transfer';
import { checkImportedEntry } from '../transfer/imported-entry';
import type { TransferOperations } from '../transfer';
import { auditLogPath, createAuditLog, failureOutcome } from './audit-log';
import { addedEntry, mergedEntry } from './entry-edits';
import { historyPath } from './history';
import type { ChangeProcedure, HistoryItem, PlacedEntry } from './history';
import { createHistoryJournal } from './journal';
import { createEntryChanges, withinQueuedReadDeadline } from './entry-changes';
import type { MutationResult, Undoer } from './entry-changes';
import { readServerLogs } from './server-logs';
import { createSwitchChanges } from './switch-changes';
import { createProfiles } from './profiles';
import { createProjectToggles } from './project-toggles';
import { signInAtRisk, withSignInLoss } from './sign-in-loss';
import type { ProjectToggleInput } from '../schemas/project-toggle';
import type { ApplyProfileResult, ProfileView } from './profiles';

export type { MutationResult } from './entry-changes';
export type { ApplyProfileResult, ProfileServerResult, ProfileView } from './profiles';

/** Every setting comes from the caller (the server parses the environment once, at its edge). */
export interface McpAdminOptions {
  /** `CLAUDE_CONFIG_DIR`, absolute; undefined means the home directory, as for Claude Code. */
  configDir: string | undefined;
  /** The Claude CLI to drive: an absolute path or a name looked up on PATH. */
  claudeBin: string;
  /** A CLI call past this is killed with its whole process group. */
  cliTimeoutMs: number;
  /** The project for local and project scope when a call names none; absolute. */
  defaultProject: string;
  /** The folder of managed-mcp.json and managed-settings.json (`/etc/claude-code` on Linux). */
  managedDir: string;
  /**
   * The environment every CLI spawn inherits (`CLAUDE_CONFIG_DIR` is pinned on top), and so the
   * one Claude Code would start servers with: `missingEnv` is read against it.
   */
  spawnEnv: NodeJS.ProcessEnv;
  /** Mutations allowed to wait behind the running one. */
  maxQueued?: number | undefined;
  /** Where faults that do not fail a call are reported (an audit log that cannot be written). */
  logWarning?: ((message: string) => void) | undefined;
  /** The user's home directory: where Claude Desktop's config is found on Linux and macOS. */
  homeDir: string;
  /** `%APPDATA%`: where Claude Desktop's config is found on Windows. */
  appData?: string | undefined;
  /** A sign-in (`claude mcp login`) not finished in this time is stopped. */
  loginTimeoutMs?: number | undefined;
}

/** How long a person has to sign in, in the browser, before the waiting CLI is stopped. */
export const LOGIN_TIMEOUT_MS = 5 * 60_000;

/**
 * Checks running at once in one server process, each maybe a process tree of its own: a bound on
 * processes and pipes. How many start their server at once is the start gate's business.
 */
const MAX_CONCURRENT_CHECKS = 32;

export interface SystemInfo {
  version: string;
  configPath: string;
  defaultProject: string;
  cli: { path: string; version: string } | { error: string };
  /** The managed-mcp.json in control, if any: every change is then refused. */
  managed: { path: string; exclusive: true } | null;
}

/** What the service is doing, for a health check; cheap, touches no file. */
export interface McpAdminHealth extends MutationQueueStatus {
  /** The limit on one CLI call: a change running much longer than this is stuck. */
  cliTimeoutMs: number;
}

export interface McpAdmin extends TransferOperations {
  readonly configPath: string;
  readonly defaultProject: string;
  info(): Promise<SystemInfo>;
  health(): McpAdminHealth;
  list(input?: ListServersInput): Promise<ServerList>;
  projects(): Promise<KnownProject[]>;
  /**
   * Changes of `.claude.json`, the project dir's own `.mcp.json` and every file that decides the
   * effective view (settings files, managed-mcp.json, installed_plugins.json), until `signal` aborts.
   * Resolves once the input is checked (a bad project fails the call, not the stream) and the
   * files are watched: every change after that is yielded.
   */
  watch(input: WatchInput, signal: AbortSignal): Promise<AsyncIterable<ConfigChange>>;
  add(input: AddServerInput): Promise<MutationResult>;
  remove(input: RemoveServerInput): Promise<MutationResult>;
  /**
   * Replaces one stored entry in one queue turn: remove, then `add-json` of the whole entry merged
   * with `server`; when the add fails the old entry is added back and the error says so.
   */
  update(input: UpdateServerInput): Promise<MutationResult>;
  /** Claude Code's own logs of connecting to one listed server from the project, newest session first. */
  logs(input: LogsInput): Promise<McpLogSession[]>;
  /** The product's own changes, newest first: names and outcomes only. */
  history(input?: HistoryInput): Promise<HistoryItem[]>;
  /** Reverses one recorded change through the queue and the CLI; itself a recorded change. */
  undo(input: UndoInput): Promise<MutationResult>;
  /**
   * Settles what a crash between a switch's two steps left (see SwitchOperations.reconcile): call
   * once on start, before serving. Never fails: a stash it cannot read is logged, and the switch
   * and the list report it when asked.
   */
  settleDisabled(): Promise<void>;
  /** Turns a server off for good: user/local stashed whole then removed, project rejected in settings.local.json. */
  disable(input: SwitchServerInput): Promise<MutationResult>;
  /** Turns it back on: user/local added back whole from the stash, project approved in settings.local.json. */
  enable(input: SwitchServerInput): Promise<MutationResult>;
  /** Claude Code's own per-project off (`/mcp`), for user-scope and read-only servers (see project-toggles.ts). */
  disableInProject(input: ProjectToggleInput): Promise<MutationResult>;
  enableInProject(input: ProjectToggleInput): Promise<MutationResult>;
  /** The saved profiles, each with whether it matches what is on now (see profiles.ts). */
  profiles(): Promise<ProfileView[]>;
  /** Saves a profile: the servers given, or the ones on now in the project. */
  saveProfile(input: SaveProfileInput): Promise<MutationResult>;
  deleteProfile(input: DeleteProfileInput): Promise<MutationResult>;
  /** Switches the profile's servers on and the others of its scopes off: one recorded change. */
  applyProfile(input: ApplyProfileInput): Promise<ApplyProfileResult>;
  /** `claude mcp reset-project-choices` in the project. */
  resetChoices(input: ResetChoicesInput): Promise<MutationResult>;
  /**
   * Connects to one listed server and lists its tools. Not queued (it changes nothing) but bounded
   * in time and, with every other check, in concurrency; `signal` stops it (the caller went away).
   */
  check(input: CheckServerInput, signal?: AbortSignal): Promise<CheckResult>;
  /**
   * Checks every active server of the project, each result yielded as it arrives, until all are
   * done or `signal` aborts. Resolves once the input is checked and the servers are listed.
   */
  checkAll(input: CheckAllInput, signal: AbortSignal): Promise<AsyncIterable<CheckAllEvent>>;
  /**
   * Signs in to an http/sse server with `claude mcp login`: its authorization URL, then its outcome.
   * Resolves once the input is checked and the CLI started; stopped (its processes killed) when
   * `signal` aborts, when the iteration is ended early, or after `loginTimeoutMs`.
   */
  login(input: SignInTarget, signal: AbortSignal): Promise<AsyncIterable<LoginEvent>>;
  /** Hands the browser's redirect URL, pasted by the user, to the sign-in waiting for it. */
  loginPaste(input: LoginPasteInput): Promise<{ ok: true; message: string }>;
  /** `claude mcp logout`: Claude Code forgets the server's tokens. */
  logout(input: SignInTarget): Promise<MutationResult>;
  /**
   * Lets the running mutation finish and refuses the waiting ones and new ones; stops every running
   * sign-in and check (new ones are refused) and resolves once their processes are gone.
   */
  close(): Promise<void>;
}

export function createMcpAdmin({
  configDir,
  claudeBin,
  cliTimeoutMs,
  defaultProject,
  managedDir,
  spawnEnv,
  maxQueued,
  homeDir,
  appData,
  loginTimeoutMs = LOGIN_TIMEOUT_MS,
  logWarning = (message) => {
    console.warn(`MCP Admin: ${message}`);
  },
}: McpAdminOptions): McpAdmin {
  const configPath = configPathFor(configDir);
  const claudeDir = claudeDirFor(configDir);
  const projectDefault = resolve(defaultProject);
  const runner = createCliRunner({ bin: claudeBin, configDir, timeoutMs: cliTimeoutMs, env: spawnEnv });
  const cliVersion = createCliVersionCache(runner, { path: spawnEnv.PATH ?? '' });
  const queue = createMutationQueue({ maxQueued });
  const audit = createAuditLog(auditLogPath(configPath));
  const journal = createHistoryJournal(historyPath(configPath), logWarning);
  const checks = createConcurrencyLimit(MAX_CONCURRENT_CHECKS);
  const starts = createStartGate({
    cores: availableParallelism(),
    countRunnable: () => countRunnableDescendants(process.pid),
  });
  const credentialsPath = credentialsPathFor(claudeDir, process.platform);
  const signIns = createSignIns({
    bin: claudeBin,
    env: cliEnvironment(spawnEnv, configDir),
    timeoutMs: loginTimeoutMs,
  });
  const {
    placeFor,
    storedAt,
    listedPlace,
    samePlace,
    editedPlace,
    removeAt,
    removeRecorded,
    addWhole,
    addRecorded,
    replace,
    recordedChange,
    entryUndoers,
  } = createEntryChanges({
    configPath,
    storedIn,
    mutate,
    journal,
    logWarning,
    stash: createStashEntries({
      configPath,
      record: (procedure, outcome) => auditOrWarn(procedure, [], outcome),
    }),
  });

  // Normalized once here (`/repo/app/` is `/repo/app`), so every path compared or recorded downstream is.
  async function existingProject(projectPath: string | undefined): Promise<string> {
    const path = projectPath === undefined ? projectDefault : resolve(projectPath);
    if (!(await isDirectory(path))) {
      throw new McpCoreError('INVALID_INPUT', `projectPath "${path}" is not an existing directory`);
    }
    return path;
  }

  /**
   * One audited CLI call: `{ ok: false }` becomes CLI_FAILED, then `verify` confirms the change
   * landed. The change's outcome wins over the audit: a log that cannot be written is a warning
   * on a landed change and never replaces the error of a failed one.
   */
  async function mutate(
    procedure: string,
    command: CliCommand,
    cwd: string,
    verify: () => Promise<void>,
  ): Promise<MutationResult> {
    let message: string;
    try {
      const outcome = await runner.run(command, { cwd });
      if (!outcome.ok) throw new McpCoreError('CLI_FAILED', outcome.message);
      await confirmLanded(verify);
      message = outcome.message;
    } catch (error) {
      await auditOrWarn(procedure, command, failureOutcome(error));
      throw error;
    }
    const warning = await auditOrWarn(procedure, command, { ok: true, message });
    return warning === undefined ? { ok: true, message } : { ok: true, message, warning };
  }

  /** The read-back: a config that cannot be read leaves the change unconfirmed, said as such. */
  async function confirmLanded(verify: () => Promise<void>): Promise<void> {
    try {
      await withinQueuedReadDeadline(verify);
    } catch (error) {
      if (!isMcpCoreError(error) || error.code !== 'CONFIG_UNREADABLE') throw error;
      throw new McpCoreError(
        'VERIFY_FAILED',
        `The CLI reported success, but the change could not be confirmed: ${error.message}`,
        { cause: error },
      );
    }
  }

  async function auditOrWarn(...record: Parameters<typeof audit.append>): Promise<string | undefined> {
    try {
      await audit.append(...record);
      return undefined;
    } catch (error) {
      const warning = `The change was not recorded in ${audit.path}: ${error instanceof Error ? error.message : String(error)}`;
      logWarning(warning);
      return warning;
    }
  }

  /** Claude Code takes no change while a managed config is in control: refused before any spawn. */
  async function refuseUnderManagedConfig(): Promise<void> {
    const managed = await readManagedConfig(managedDir, []);
    if (managed === undefined) return;
    throw new McpCoreError(
      'MANAGED_CONFIG',
      `${managed.path} has exclusive control over MCP servers: Claude Code loads only its servers, so none can be added or removed here.`,
    );
  }
  /** One change's turn of the queue: under a managed config it is refused there, before any spawn. */
  function changeTurn<T>(task: () => Promise<T>): Promise<T> {
    return queue.run(async () => {
      await refuseUnderManagedConfig();
      return task();
    });
  }

  function storedIn(
    scope: Scope,
    name: string,
    projectPath: string,
    mcpJsonPath?: string,
  ): Promise<StoredEntry | undefined> {
    return findStoredEntry({ configPath, projectPath, name, scope, mcpJsonPath });
  }

  // Without a scope the CLI refuses a name held in several scopes, so the scope is picked here.
  async function onlyStoredScope(name: string, projectPath: string): Promise<Scope> {
    const stored = await withinQueuedReadDeadline(() => findStoredEntries({ configPath, projectPath, name }));
    const scopes = stored.map((entry) => entry.scope);
    const [scope, ...others] = scopes;
    if (scope === undefined) {
      throw new McpCoreError('NOT_FOUND', `No MCP server named "${name}" in local, project or user scope.`);
    }
    if (others.length > 0) {
      throw new McpCoreError(
        'AMBIGUOUS',
        `MCP server "${name}" exists in several scopes (${scopes.join(', ')}); give the scope to remove it from.`,
      );
    }
    return scope;
  }

  // Secrets revealed: the check runs the entry as stored, and redacts what it reports itself.
  function readList(projectPath: string, reveal: boolean): Promise<ServerList> {
    return listServers({
      configPath,
      projectPath,
      claudeDir,
      managedDir,
      env: spawnEnv,
      reveal,
      credentialsPath,
      disabledStashPath: disabledStashPath(configPath),
    });
  }

  async function serversToCheck(projectPath: string): Promise<Server[]> {
    return (await readList(projectPath, true)).servers;
  }

  /** Aborted by `close()`: every check and sign-in still running stops, its processes killed. */
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
      // A remote server starts no process here: only a stdio start waits for a free core.
      if (server.transport === 'stdio') await starts.admit(signal);
      return checkServer(server, {
        env: spawnEnv,
        cwd: projectPath,
        timeoutMs,
        signal,
        storedToken: await storedTokenOf(server),
      });
    }, signal);
    runningChecks.add(check);
    void check.finally(() => runningChecks.delete(check)).catch(() => undefined);
    return check;
  }

  /** Claude Code's token for a signed-in remote server; a store that cannot be read holds none. */
  async function storedTokenOf(server: Server): Promise<StoredToken | undefined> {
    if (server.auth !== 'signed-in' || credentialsPath === undefined) return undefined;
    return (await readStoredTokens(credentialsPath, []))?.get(credentialKey(server));
  }

  /**
   * The http/sse entry a sign-in is for, as the CLI picks it: `claude mcp login` has no scope and
   * signs in to the entry of that name Claude Code loads, so a shadowed one is refused. Secrets
   * revealed: the token slot's key is over the real header values.
   */
  async function signInServer(input: SignInTarget, projectPath: string): Promise<Server> {
    const servers = await serversToCheck(projectPath);
    const server =
      input.scope === undefined
        ? loadedEntry(servers, input.name, projectPath)
        : findCheckTarget(servers, { name: input.name, scope: input.scope, source: input.source });
    if (server.transport !== 'http' && server.transport !== 'sse') {
      throw new McpCoreError(
        'INVALID_INPUT',
        `name: "${server.name}" is a ${server.transport} server: only http and sse servers sign in with OAuth`,
      );
    }
    if (server.shadowedBy !== undefined) {
      throw new McpCoreError(
        'INVALID_INPUT',
        `scope: claude mcp login signs in to the "${server.name}" Claude Code loads, the ${server.shadowedBy}-scope entry; this ${server.scope}-scope one is shadowed by it`,
      );
    }
    return server;
  }

  /** Each sign-in's outcome goes to the audit log like a change's (no token is in it). */
  async function* auditedLogin(
    events: AsyncIterable<LoginEvent>,
    argv: string[],
  ): AsyncGenerator<LoginEvent> {
    for await (const event of events) {
      if (event.state === 'done') {
        await auditOrWarn(
          'mcp.login',
          argv,
          event.ok
            ? { ok: true, message: event.message }
            : { ok: false, code: 'CLI_FAILED', message: event.message },
        );
      }
      yield event;
    }
  }

  async function cliInfo(): Promise<SystemInfo['cli']> {
    try {
      const outcome = await cliVersion.current();
      return outcome.ok ? { path: runner.bin, version: outcome.message } : { error: outcome.message };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }

  // Import and export: each imported server is one change of its own on this queue, CLI, audit and history.
  const transfer = createTransferOperations({
    configPath,
    desktopConfigPath: claudeDesktopConfigPath({ platform: process.platform, homeDir, appData }),
    existingProject,
    storedIn,
    inQueueTurn: changeTurn,
    addEntry: async ({ name, scope, projectPath, entry }) => {
      const place = await placeFor(name, scope, projectPath);
      return recordedChange({ procedure: 'mcp.import', place }, (landed) =>
        addRecorded('mcp.import', { ...place, entry }, landed),
      );
    },
  });

  const switches = createSwitchOperations({
    configPath,
    claudeDir,
    managedDir,
    existingProject,
    storedIn: (scope, name, projectPath) =>
      withinQueuedReadDeadline(() => storedIn(scope, name, projectPath)),
    inQueueTurn: changeTurn,
    inOwnQueueTurn: (task) => queue.run(task),
    runChange: mutate,
    record: (procedure, outcome) => auditOrWarn(procedure, [], outcome),
  });
  const switchChanges = createSwitchChanges({ switches, placeFor, recordedChange });
  const profiles = createProfiles({
    configPath,
    existingProject,
    // Also read inside a queue turn (a save from what is on): bounded like every queued read.
    serversIn: (projectPath) =>
      withinQueuedReadDeadline(async () => (await readList(projectPath, false)).servers),
    changeTurn,
    ownTurn: (task) => queue.run(task),
    placeFor,
    recordedChange,
    switchInto: switchChanges.switchInto,
    switchBackInto: switchChanges.switchBackInto,
    refuseSwitchBack: switchChanges.refuseSwitchBack,
  });

  const projectToggles = createProjectToggles({
    configPath,
    existingProject,
    serversIn: async (projectPath) => (await readList(projectPath, false)).servers,
    changeTurn,
    toggle: (request) =>
      toggleMcpServer(
        { bin: claudeBin, env: cliEnvironment(spawnEnv, configDir), timeoutMs: cliTimeoutMs },
        request,
      ),
    audit: (procedure, argv, outcome) => auditOrWarn(procedure, argv, outcome),
    recordedChange,
  });

  /** How each kind of recorded change is undone; a new kind of change must say how. */
  const undoers: Record<ChangeProcedure, Undoer> = {
    ...entryUndoers,
    'mcp.disable': switchChanges.undo,
    'mcp.enable': switchChanges.undo,
    'mcp.applyProfile': (change) => profiles.undo(change),
    'mcp.disableInProject': projectToggles.undo,
    'mcp.enableInProject': projectToggles.undo,
    // The undo of an applied profile holds the switches it made, not entries.
    'mcp.undo': (change) =>
      change.switches === undefined ? entryUndoers['mcp.undo'](change) : profiles.undo(change),
  };

  async function switched(rawInput: SwitchServerInput, on: boolean): Promise<MutationResult> {
    const { name, scope, projectPath: asked } = switchServerInputSchema.parse(rawInput);
    const projectPath = await existingProject(asked);
    const listedEntry = async () =>
      (await serversToCheck(projectPath)).find((server) => server.name === name && server.scope === scope);
    const atRisk = on ? undefined : await signInAtRisk({ credentialsPath, listedEntry });
    const result = await changeTurn(() => switchChanges.switched({ name, scope, projectPath }, on));
    return withSignInLoss(result, credentialsPath, name, atRisk);
  }

  return {
    ...transfer,
    configPath,
    defaultProject: projectDefault,

    async info() {
      return {
        version: packageJson.version,
        configPath,
        defaultProject: projectDefault,
        cli: await cliInfo(),
        managed:
          (await readManagedConfig(managedDir, [])) === undefined
            ? null
            : { path: managedMcpPath(managedDir), exclusive: true },
      };
    },

    health: () => ({ ...queue.status(), cliTimeoutMs }),

    async list(rawInput) {
      const input = listServersInputSchema.parse(rawInput);
      const projectPath = await existingProject(input?.projectPath);
      const list = await readList(projectPath, input?.reveal ?? false);
      const name = input?.name;
      return name === undefined
        ? list
        : { ...list, servers: list.servers.filter((server) => server.name === name) };
    },

    projects: () => listProjects(configPath),

    async watch(rawInput, signal) {
      const input = watchInputSchema.parse(rawInput);
      const projectPath = await existingProject(input?.projectPath);
      const settingsFiles = await settingsFilesOf({ claudeDir, managedDir, projectPath });
      const files = [
        configPath,
        // Signing in or out anywhere (another terminal too) changes what `auth` says.
        ...(credentialsPath === undefined ? [] : [credentialsPath]),
        await projectMcpJsonPath(projectPath),
        ...settingsFiles.map(({ path }) => path),
        managedMcpPath(managedDir),
        installedPluginsPath(claudeDir),
      ];
      return watchConfigFiles(files, { signal, since: input?.lastEventId ?? undefined });
    },

    async add(rawInput) {
      const input = addServerInputSchema.parse(rawInput);
      const projectPath = await existingProject(input.projectPath);
      return changeTurn(async () => {
        const place = await placeFor(input.name, input.scope, projectPath);
        // A name stored already: the CLI refuses it, and what a read-back finds is not this add's.
        const taken = (await storedAt(place)) !== undefined;
        // Through add-json, so env and header values go on stdin, never on argv.
        const asked: PlacedEntry = { ...place, entry: addedEntry(input) };
        return recordedChange({ procedure: 'mcp.add', place }, async (landed) => {
          if (!taken) return addRecorded('mcp.add', asked, landed);
          const added = await addWhole('mcp.add', asked);
          landed.after = added.stored;
          return added.result;
        });
      });
    },

    async remove(rawInput) {
      const input = removeServerInputSchema.parse(rawInput);
      const projectPath = await existingProject(input.projectPath);
      return changeTurn(async () => {
        const scope = input.scope ?? (await onlyStoredScope(input.name, projectPath));
        const place = await listedPlace(input.name, scope, input.source, projectPath);
        const stored = await storedAt(place);
        return recordedChange({ procedure: 'mcp.remove', place }, (landed) =>
          // Nothing stored there: the CLI says so, and nothing can land.
          stored === undefined
            ? removeAt('mcp.remove', place)
            : removeRecorded('mcp.remove', { ...place, entry: stored.entry }, landed),
        );
      });
    },

    async update(rawInput) {
      const input = updateServerInputSchema.parse(rawInput);
      const projectPath = await existingProject(input.projectPath);
      const targetProject =
        input.server.projectPath === undefined
          ? projectPath
          : await existingProject(input.server.projectPath);
      return changeTurn(async () => {
        const fromPlace = await listedPlace(input.name, input.scope, input.source, projectPath);
        const stored = await storedAt(fromPlace);
        if (stored === undefined) {
          throw new McpCoreError(
            'NOT_FOUND',
            `No MCP server named "${input.name}" in ${input.scope} scope (${fromPlace.source}).`,
          );
        }
        const from = { ...fromPlace, entry: stored.entry };
        const to = await editedPlace(from, input.server, targetProject);
        const checked = checkImportedEntry(to.name, mergedEntry(from.entry, input.server));
        if (!checked.ok) {
          throw new McpCoreError(
            'INVALID_INPUT',
            `server: the edited entry breaks the rules: ${checked.problems}`,
          );
        }
        const moves = !(await samePlace(from, to));
        if (!moves && isDeepStrictEqual(checked.entry, from.entry)) {
          return { ok: true, message: `Nothing to change: "${from.name}" is already stored like that.` };
        }
        if (moves && (await storedAt(to)) !== undefined) {
          throw new McpCoreError(
            'INVALID_INPUT',
            `server: a server "${to.name}" already exists in ${to.scope} scope (${to.source})`,
          );
        }
        return recordedChange({ procedure: 'mcp.update', place: to }, (landed) =>
          replace('mcp.update', from, { ...to, entry: checked.entry }, landed),
        );
      });
    },

    async logs(rawInput) {
      const input = logsInputSchema.parse(rawInput);
      const projectPath = await existingProject(input.projectPath);
      const servers = await serversToCheck(projectPath);
      return readServerLogs({ ...input, projectPath, servers, homeDir, env: spawnEnv, limit: input.limit });
    },

    async history(rawInput) {
      const input = historyInputSchema.parse(rawInput);
      return (await journal.newest(input?.limit ?? HISTORY_LIMIT.default)).value;
    },

    async undo(rawInput) {
      const { id } = undoInputSchema.parse(rawInput);
      return changeTurn(async () => {
        const { value: change, skipped } = await journal.undoable(id);
        const result = await undoers[change.procedure](change);
        // The lines the search passed that are not records: said with the undo, as the panel shows it.
        if (skipped.length === 0) return result;
        const warning = [result.warning, ...skipped].filter((text) => text !== undefined).join('\n');
        return { ...result, warning };
      });
    },
    async settleDisabled() {
      try {
        for (const { scope, name } of await switches.reconcile()) {
          logWarning(
            `${scope}-scope "${name}" was both in ${configPath} and in ${disabledStashPath(configPath)} (a change was cut off): it stays on and is no longer kept as disabled.`,
          );
        }
      } catch (error) {
        logWarning(
          `The disabled servers could not be settled: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },

    disableInProject: projectToggles.disableInProject,
    enableInProject: projectToggles.enableInProject,
    disable: (input) => switched(input, false),
    enable: (input) => switched(input, true),
    resetChoices: (input) => switches.resetChoices(input),
    profiles: () => profiles.list(projectDefault),
    saveProfile: (input) => profiles.save(input),
    deleteProfile: (input) => profiles.delete(input),
    applyProfile: (input) => profiles.apply(input),

    async check(rawInput, signal) {
      const input = checkServerInputSchema.parse(rawInput);
      const projectPath = await existingProject(input.projectPath);
      const server = findCheckTarget(await serversToCheck(projectPath), input);
      if (needsConfirmation(server) && input.confirm !== true) throw confirmationRequired(server);
      const timeoutMs = input.timeoutMs ?? CHECK_TIMEOUT_MS.default;
      return runCheck(server, projectPath, timeoutMs, untilClosed(signal));
    },

    async checkAll(rawInput, signal) {
      const input = checkAllInputSchema.parse(rawInput);
      const projectPath = await existingProject(input?.projectPath);
      const active = (await serversToCheck(projectPath)).filter(isActive);
      return checkEach(
        active,
        (server, until) => runCheck(server, projectPath, CHECK_TIMEOUT_MS.default, until),
        untilClosed(signal),
      );
    },

    async login(rawInput, signal) {
      const input = signInTargetSchema.parse(rawInput);
      const projectPath = await existingProject(input.projectPath);
      // Every change is refused under a managed config (SPEC §4), and a sign-in changes Claude Code's
      // store. First: under it no entry is loaded, and that is the reason to give.
      await refuseUnderManagedConfig();
      const server = await signInServer(input, projectPath);
      // Claude Code connects to no unapproved .mcp.json server: signing in to one would take the
      // user, and the entry's expanded headers, to a host that a repository named.
      if (needsConfirmation(server)) throw unapprovedSignIn(server);
      const argv = loginArgv(server.name);
      const events = signIns.start({
        key: credentialKey(server),
        name: server.name,
        argv,
        cwd: projectPath,
        signal,
      });
      return auditedLogin(events, argv);
    },

    async loginPaste(rawInput) {
      const input = loginPasteInputSchema.parse(rawInput);
      await signIns.paste(input.loginId, input.redirectUrl);
      return { ok: true, message: 'The redirect URL was handed to the waiting sign-in.' };
    },

    async logout(rawInput) {
      const input = signInTargetSchema.parse(rawInput);
      const projectPath = await existingProject(input.projectPath);
      // Queued like a change: it rewrites Claude Code's credentials store.
      return changeTurn(async () => {
        const server = await withinQueuedReadDeadline(() => signInServer(input, projectPath));
        return mutate('mcp.logout', logoutArgv(server.name), projectPath, async () => {
          if (credentialsPath === undefined) return;
          const problems: ConfigProblem[] = [];
          const tokens = await readStoredTokens(credentialsPath, problems);
          if (tokens === undefined || tokens.has(credentialKey(server))) {
            throw new McpCoreError(
              'VERIFY_FAILED',
              tokens === undefined
                ? `The CLI reported success, but the sign-out could not be confirmed: ${problems.map(({ message }) => message).join('; ')}`
                : `The CLI reported success, but Claude Code still holds a token for "${server.name}".`,
            );
          }
        });
      });
    },

    async close() {
      // The reason each stopped check rejects with.
      closing.abort(new McpCoreError('QUEUE_FULL', 'MCP Admin is shutting down: the check was stopped.'));
      await Promise.all([queue.drain(), signIns.close(), Promise.allSettled(runningChecks)]);
    },
  };
}

/**
 * The entry of `name` that `claude mcp login NAME` (which takes no scope) signs in to: the one
 * Claude Code loads, never a pending, rejected or disabled row of that name. With none loaded, an
 * unapproved `.mcp.json` entry is returned for the caller's refusal (412), any other is refused here.
 */
function loadedEntry(servers: readonly Server[], name: string, projectPath: string): Server {
  const named = servers.filter((candidate) => candidate.name === name && !candidate.readOnly);
  const loaded = named.find(isActive) ?? named.find(needsConfirmation);
  if (loaded !== undefined) return loaded;
  const [listed] = named;
  if (listed === undefined) {
    throw new McpCoreError('NOT_FOUND', `No MCP server named "${name}" in local, project or user scope.`);
  }
  throw new McpCoreError(
    'INVALID_INPUT',
    `name: Claude Code loads no "${name}" in ${projectPath}: the ${listed.scope}-scope one is ${listed.status} (${listed.statusReason}), so there is nothing to sign in to or out of`,
  );
}

function unapprovedSignIn(server: Server): McpCoreError {
  const state = server.approval === 'rejected' ? 'was rejected' : 'is not approved yet';
  return new McpCoreError(
    'NEEDS_CONFIRMATION',
    `Project server "${server.name}" from ${server.source ?? '.mcp.json'} ${state}: Claude Code does not connect to it, so there is nothing to sign in to. Approve it in Claude Code first.`,
  );
}
