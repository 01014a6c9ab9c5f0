/**
 * Every input rule of the product, once, one module per concern. The server validates requests
 * with these and the panel validates its form with the very same schemas, so a value the browser
 * accepts is a value the server accepts. Browser-safe: no Node imports here.
 */
export { LIMITS } from './field-rules';
export {
  argsSchema,
  argumentSchema,
  commandSchema,
  envKeySchema,
  envSchema,
  envValueSchema,
  headerNameSchema,
  headerValueSchema,
  headersSchema,
  newServerNameSchema,
  projectPathSchema,
  scopeSchema,
  serverNameSchema,
  sourceSchema,
  transportSchema,
  urlSchema,
} from './server-fields';
export type { Scope, Transport } from './server-fields';
export {
  addServerInputSchema,
  KEYCHAIN_SCOPES_ONLY,
  keptSecretsInputSchema,
  secretsInSchema,
  listServersInputSchema,
  removeServerInputSchema,
  resetChoicesInputSchema,
  revealSchema,
  serverChangesSchema,
  switchServerInputSchema,
  updateServerInputSchema,
  watchInputSchema,
} from './server-inputs';
export type {
  AddServerInput,
  KeptSecretsInput,
  SecretsIn,
  ListServersInput,
  RemoveServerInput,
  ResetChoicesInput,
  ServerChanges,
  SwitchServerInput,
  UpdateServerInput,
  WatchInput,
} from './server-inputs';
export { MAX_DESCRIBED_ISSUES, describeIssues } from './issues';
export { CHECK_TIMEOUT_MS, checkAllInputSchema, checkServerInputSchema } from './check-inputs';
export type { CheckAllInput, CheckServerInput } from './check-inputs';
export {
  IMPORT_LIMITS,
  alwaysLoadSchema,
  exportInputSchema,
  headersHelperSchema,
  importInputSchema,
  importSourceInputSchema,
  importedServerSchema,
  importedTypeSchema,
  oauthSchema,
  timeoutSchema,
} from './transfer-inputs';
export type { ExportInput, ImportInput, ImportSourceInput, ImportedServer } from './transfer-inputs';
export { callbackUrlSchema, loginPasteInputSchema, signInTargetSchema } from './sign-in-inputs';
export type { LoginPasteInput, SignInTarget } from './sign-in-inputs';
export { HISTORY_LIMIT, changeIdSchema, historyInputSchema, undoInputSchema } from './history-inputs';
export type { HistoryInput, UndoInput } from './history-inputs';
export { LOG_SESSIONS, logsInputSchema } from './logs-inputs';
export type { LogsInput } from './logs-inputs';
export { contextCostInputSchema, lastCheckInputSchema } from './context-cost';
export type { ContextCostInput, LastCheckInput } from './context-cost';
export { sessionsInputSchema } from './sessions-inputs';
export type { SessionsInput } from './sessions-inputs';
export {
  PROFILE_SERVERS_MAX,
  applyProfileInputSchema,
  deleteProfileInputSchema,
  profileNameSchema,
  profileServerSchema,
  saveProfileInputSchema,
} from './profile-inputs';
export type {
  ApplyProfileInput,
  DeleteProfileInput,
  ProfileServer,
  SaveProfileInput,
} from './profile-inputs';
export {
  permissionFileSchema,
  permissionKindSchema,
  permissionsInputSchema,
  setPermissionInputSchema,
} from './permission-inputs';
export type { PermissionsInput, SetPermissionInput } from './permission-inputs';
export {
  PERMISSION_KINDS,
  effectivePermission,
  parseMcpRule,
  ruleCovers,
  ruleFor,
  sameRule,
} from './permission-rules';
export type {
  EffectiveKind,
  McpPermissionRule,
  PermissionFile,
  PermissionKind,
  RuleSource,
  RuleTarget,
  ToolPermission,
} from './permission-rules';
export { projectToggleInputSchema } from './project-toggle-inputs';
export type { ProjectToggleInput } from './project-toggle-inputs';
export { registryNameSchema, registrySearchInputSchema, registryServerInputSchema } from './registry-inputs';
export type { RegistrySearchInput, RegistryServerInput } from './registry-inputs';
