/**
 * The core's own failures, each with a stable code that the server maps to an HTTP status
 * and the panel can show. The runner itself reports a non-zero exit as a `{ ok: false }`
 * outcome; the service turns it into `CLI_FAILED` for callers that want one error path.
 */
export type McpCoreErrorCode =
  /** The CLI ran and exited non-zero; the message is the CLI's own text. */
  | 'CLI_FAILED'
  /** The input broke a rule the schemas cannot see (e.g. projectPath is not a directory). */
  | 'INVALID_INPUT'
  /** The CLI binary is missing or cannot be executed. */
  | 'CLI_NOT_FOUND'
  /** The CLI ran past the timeout and its process group was killed. */
  | 'CLI_TIMEOUT'
  /** More mutations are waiting than the queue accepts. */
  | 'QUEUE_FULL'
  /** `.claude.json` or a `.mcp.json` could not be read or is not valid JSON. */
  | 'CONFIG_UNREADABLE'
  /** The CLI reported success but the config does not show the change, or cannot be read back to tell. */
  | 'VERIFY_FAILED'
  /** No server of that name in the asked scope(s). */
  | 'NOT_FOUND'
  /** The name exists in several scopes and no scope was given. */
  | 'AMBIGUOUS'
  /** A check would run a command (or reach a URL) from a project file nobody approved: it needs `confirm`. */
  | 'NEEDS_CONFIRMATION'
  /** A managed-mcp.json has exclusive control: Claude Code takes no change to its servers. */
  | 'MANAGED_CONFIG'
  /** A sign-in to that server is running already: a second one would overwrite its token. */
  | 'LOGIN_IN_PROGRESS'
  /** As many sign-ins run as may at once (each is a Claude CLI waiting for a person). */
  | 'TOO_MANY_SIGN_INS'
  /**
   * The config is no longer as the change needs it: a server of that name was added since, or an
   * undo would overwrite what changed since the change it undoes.
   */
  | 'CHANGED_SINCE'
  /** A file MCP Admin writes itself (its stash, a project's settings.local.json) could not be written. */
  | 'WRITE_FAILED'
  /**
   * A project's settings file to write is a link, or under a link leading out of the project:
   * writing it would copy what the link leads to into the project.
   */
  | 'LINKED_FILE'
  /** A settings file MCP Admin does not write rejects the project server it is asked to enable. */
  | 'REJECTED_ELSEWHERE'
  /** The MCP registry could not be reached, was too slow or too large, or answered something unreadable. */
  | 'REGISTRY_UNAVAILABLE'
  /** The keychain is not there, locked, or lacks a secret a change needs: nothing was changed. */
  | 'KEYCHAIN_UNAVAILABLE';

export class McpCoreError extends Error {
  override readonly name = 'McpCoreError';
  readonly code: McpCoreErrorCode;

  constructor(code: McpCoreErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

export function isMcpCoreError(error: unknown): error is McpCoreError {
  return error instanceof McpCoreError;
}
