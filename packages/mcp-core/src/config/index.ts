/** Reading Claude Code's own files: `.claude.json`, every `.mcp.json` up the tree, and watching them. */
export { claudeDirFor, configPathFor } from './config-path';
export { managedMcpPath, readManagedConfig } from './managed';
export { credentialKey, credentialsPathFor, readStoredTokens } from './oauth-credentials';
export type { StoredToken, StoredTokens } from './oauth-credentials';
export {
  disabledStashPath,
  isStashKey,
  readDisabledStash,
  updateDisabledStash,
  writeDisabledStash,
} from './disabled-stash';
export type { StashedServer, StashKey } from './disabled-stash';
export { approvalOf } from './approvals';
export type { ManagedConfig } from './managed';
export { installedPluginsPath } from './plugins';
export { readSettingsFiles, settingsFilesOf } from './settings';
export type { SettingsLocations } from './settings';
export { isDirectory, localProjectKey, projectDirChain, realProjectDir } from './project-key';
export { listProjects } from './project-list';
export { readProjectToggles } from './project-toggles';
export type { ProjectToggles } from './project-toggles';
export { REDACTED } from '../secret-masking';
export { findStoredEntries, findStoredEntry, listServers, projectMcpJsonPath } from './server-list';
export type {
  FindStoredEntriesOptions,
  FindStoredEntryOptions,
  ListServersOptions,
  StoredEntry,
} from './server-list';
export { claudeCacheDir, claudePathSlug, mcpLogsDir, readMcpLogs } from './mcp-logs';
export type { McpLogLine, McpLogSession } from './mcp-logs';
export { watchConfigFiles } from './watcher';
export type { ConfigChange } from './watcher';
export type {
  Approval,
  ConfigProblem,
  KnownProject,
  Server,
  ServerList,
  ServerScope,
  ServerStatus,
  ServerTransport,
} from './types';
export { profilesPath, readProfiles, writeProfiles, PROFILES_MAX } from './profiles-file';
export type { Profile } from './profiles-file';
export {
  checkKeys,
  LAST_CHECK_ERROR_MAX,
  LAST_CHECK_STDERR_MAX,
  LAST_CHECK_TOOL_NAME_MAX,
  LAST_CHECK_TOOLS_MAX,
  LAST_CHECKS_MAX,
  lastChecksPath,
  lastChecksVersion,
  readLastChecks,
  writeLastChecks,
} from './last-checks-file';
export type { StoredCheck } from './last-checks-file';
export { projectSettings, readClaudeConfig, readMcpJson } from './claude-config';
export type { StoredServers } from './claude-config';
export { MiB, readConfigFile, readJsonDocument } from './config-file';
export type { ConfigFileLimits } from './config-file';
export { readJsonFile } from './json-file';
export type { SettingsSource } from './settings';
export { refuseLinkedSettingsFile } from './linked-settings';
export { readSettingsObject, writeSettingsObject } from './settings-object-file';
export type { SettingsOwner } from './settings-object-file';
export { readRunningSessions, SESSION_FILE_LIMITS } from './running-sessions';
export { expandedTexts, missingVariables } from './missing-env';
export type { MissedSession, RunningSession } from './running-sessions';
