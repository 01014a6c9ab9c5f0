/**
 * What the service offers (`createMcpAdmin`'s answer) and what it is built from: the methods every
 * API procedure calls, with their inputs, outputs and errors; the operation modules each implement
 * some of them.
 */
import type { CheckAllEvent, CheckResult, CheckStatus, TOKEN_METHOD } from '../../check';
import type { MutationQueueStatus } from '../../cli';
import type {
  ConfigChange,
  ConfigProblem,
  KnownProject,
  McpLogSession,
  MissedSession,
  RunningSession,
  ServerList,
  ServerScope,
} from '../../config';
import type { Keychain, KeychainStatus } from '../../keychain';
import type { LoginEvent } from '../../login';
import type {
  AddServerInput,
  KeptSecretsInput,
  ApplyProfileInput,
  CheckAllInput,
  CheckServerInput,
  ContextCostInput,
  DeleteProfileInput,
  LastCheckInput,
  HistoryInput,
  ListServersInput,
  LoginPasteInput,
  LogsInput,
  McpPermissionRule,
  PermissionsInput,
  ProjectToggleInput,
  RemoveServerInput,
  ResetChoicesInput,
  SaveProfileInput,
  SessionsInput,
  SetPermissionInput,
  SignInTarget,
  SwitchServerInput,
  UndoInput,
  UpdateServerInput,
  WatchInput,
} from '../../schemas';
import type { RegistrySearchResult, RegistryServerDetail } from '../../registry';
import type { RegistrySearchInput, RegistryServerInput } from '../../schemas';
import type { TransferOperations } from '../../transfer';
import type { Profile } from '../../config';
import type { Scope } from '../../schemas';
import type { MutationResult } from '../engine';
import type { HistoryItem } from '../history';

/** A saved profile, with whether it matches what is on now (see profiles.ts). */
export interface ProfileView extends Profile {
  /** Every server of it is on, and every other switchable server of the scopes it names is off. */
  active: boolean;
}

export type ProfileOutcome = 'on' | 'off' | 'unchanged' | 'missing' | 'failed';

export interface ProfileServerResult {
  name: string;
  scope: Scope;
  projectPath?: string;
  outcome: ProfileOutcome;
  message?: string;
}

export interface ApplyProfileResult {
  ok: boolean;
  message: string;
  results: ProfileServerResult[];
  warning?: string;
  /** As MutationResult's: the `id` of the apply's record in `mcp.history`, when it switched something. */
  changeId?: string;
  /** As MutationResult's: the running sessions the switches do not reach. */
  sessionsMissing?: MissedSession[];
}

/** Every MCP permission rule of a project's settings files (see permissions.ts). */
export interface PermissionRules {
  projectPath: string;
  rules: McpPermissionRule[];
  /**
   * The managed settings file whose `allowManagedPermissionRulesOnly` makes every other file's
   * rules inert (each marked `inert`); absent when there is none.
   */
  managedRulesOnly?: string;
  /** Settings files that could not be read: their rules are missing. */
  problems: ConfigProblem[];
}

/** One server's cost in Claude Code's context, from its entry's last check (see context-cost.ts). */
export interface ServerCost {
  name: string;
  scope: ServerScope;
  source?: string;
  /** The tokens of the tools it brings; null when its entry was never checked (or changed since). */
  tokens: number | null;
  /** How many tools count in `tokens` (denied ones do not); null like `tokens`. */
  tools: number | null;
  /** Whether Claude Code loads it in this project: only then does it count in `total`. */
  loads: boolean;
  /** When its entry was last checked (ms since the epoch); null when never. */
  checkedAt: number | null;
  /** How that check ended (`failed`, `timeout`, `needs-auth` bring no tools); null when never checked. */
  checkStatus: CheckStatus | null;
}

/** A kept check (`mcp.lastCheck`): as a check answers, with when it ran. */
export type KeptCheckResult = CheckResult & { checkedAt: number };

export interface ContextCost {
  servers: ServerCost[];
  /** The tokens of every server that loads. */
  total: number;
  /** How the tokens were counted: an estimate from the definitions (check/tool-tokens.ts). */
  method: typeof TOKEN_METHOD;
}

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
  /** Where servers' secrets are kept; the system's keychain, reached with `spawnEnv`, when not given. */
  keychain?: Keychain | undefined;
  /** The history's size past which it rotates (16 MiB when not given); tests give less. */
  historyRotateBytes?: number | undefined;
  /** A sign-in (`claude mcp login`) not finished in this time is stopped. */
  loginTimeoutMs?: number | undefined;
  /** The MCP registry Discover searches (`MCP_ADMIN_REGISTRY_URL`); the official one when not given. */
  registryUrl?: string | undefined;
}

/** How long a person has to sign in, in the browser, before the waiting CLI is stopped. */
export const LOGIN_TIMEOUT_MS = 5 * 60_000;

export interface SystemInfo {
  version: string;
  configPath: string;
  defaultProject: string;
  cli: { path: string; version: string } | { error: string };
  /** The managed-mcp.json in control, if any: every change is then refused. */
  managed: { path: string; exclusive: true } | null;
  /** Whether the operating system's keychain can keep servers' secrets now, which one, and why not. */
  keychain: KeychainStatus;
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
  /** Moves one user or local server's secret env or header values into the keychain: a recorded, undoable change. */
  secretsToKeychain(input: KeptSecretsInput): Promise<MutationResult>;
  /** Moves them back into the config, in clear: a recorded, undoable change. */
  secretsFromKeychain(input: KeptSecretsInput): Promise<MutationResult>;
  /** Claude Code's own logs of connecting to one listed server from the project, newest session first. */
  logs(input: LogsInput): Promise<McpLogSession[]>;
  /**
   * The running Claude Code sessions of this config dir (in `projectPath` or below it, when given),
   * oldest first: each proved alive from its session file (running-sessions.ts), never a stale one.
   */
  sessions(input?: SessionsInput): Promise<RunningSession[]>;
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
  /** Every MCP permission rule of the project's settings files, with its file and kind. */
  permissions(input?: PermissionsInput): Promise<PermissionRules>;
  /** Writes (or, for `default`, removes) one permission rule in the chosen settings file: a recorded change. */
  setPermission(input: SetPermissionInput): Promise<MutationResult>;
  /** Servers of the MCP registry matching `query`, a page at a time; deleted ones left out. */
  registrySearch(input: RegistrySearchInput): Promise<RegistrySearchResult>;
  /** One registry server with the Claude Code entry it maps to and the inputs it asks for. */
  registryServer(input: RegistryServerInput): Promise<RegistryServerDetail>;
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
  /** What each server of the project costs in Claude Code's context, from its entry's last check. */
  contextCost(input?: ContextCostInput): Promise<ContextCost>;
  /**
   * The last check kept of one listed entry (null when none is kept for the entry as it is now):
   * how it ended, when, why it failed, and the tools it listed with their permissions now.
   */
  lastCheck(input: LastCheckInput): Promise<KeptCheckResult | null>;
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
