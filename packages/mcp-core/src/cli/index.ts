/** Driving the Claude CLI: which binary, the exact argv, one call at a time, bounded in time. */
export { addArgv, addJsonArgv, loginArgv, logoutArgv, removeArgv } from './argv';
export { findOnPath, resolveClaudeBin } from './binary';
export type { ClaudeBinSettings } from './binary';
export { INSTALL_CLAUDE, MINIMUM_CLAUDE_VERSION, unfitClaudeCli } from './minimum-version';
export { createMutationQueue } from './mutation-queue';
export type { MutationQueue, MutationQueueStatus } from './mutation-queue';
export { argvOf, cliEnvironment, createCliRunner, DEFAULT_CLI_TIMEOUT_MS } from './runner';
export type { CliCommand, CliCommandWithStdin, CliOutcome, CliRunner, CliRunnerOptions } from './runner';
export { createCliVersionCache } from './version-cache';
export type { CliVersionCache } from './version-cache';
export { checkImportedEntry } from './add-json-entry';
export type { EntryCheck } from './add-json-entry';
export { controlArgv, controlEnvironment, toggleMcpServer } from './control-session';
export type { ControlOutcome, ControlSessionOptions, McpToggleRequest } from './control-session';
