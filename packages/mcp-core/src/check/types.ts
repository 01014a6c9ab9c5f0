import type { ServerScope } from '../config';
import type { ToolPermission } from '../schemas';

export type CheckStatus = 'ok' | 'failed' | 'timeout' | 'needs-auth';

/** What connecting to one server found (docs/api.md#mcpcheck). */
export interface CheckResult {
  status: CheckStatus;
  /** From the start of the check until the tool list was read, or until it failed. */
  latencyMs: number;
  serverInfo?: { name: string; version: string };
  /**
   * Each tool with what its definition costs in Claude Code's context (see tool-tokens.ts) and, as
   * the service answers it, its effective permission in the project.
   */
  tools?: CheckedTool[];
  /** The tools' tokens together, whenever `tools` is there. */
  tokens?: number;
  /** What went wrong, in words a person understands. */
  error?: string;
  /** The last 4 KB the server wrote to stderr, its entry's secret values redacted. */
  stderr?: string;
}

/** One tool of a check's answer: as the server listed it, within the bounds of answer-budget.ts. */
export interface CheckedTool {
  name: string;
  /** Its display name: the tool's `title`, else its annotations' `title`. */
  title?: string;
  description?: string;
  /** The JSON Schema of its arguments, as the server sent it, up to `MAX_INPUT_SCHEMA_CHARS`. */
  inputSchema?: Record<string, unknown>;
  /** Instead of `inputSchema` when that is over the bound: what was left out, in words. */
  inputSchemaCut?: string;
  tokens: number;
  permission?: ToolPermission;
}

/** One server's result in `mcp.checkAll`, as each finishes. */
export interface CheckAllEvent {
  name: string;
  scope: ServerScope;
  source?: string;
  result: CheckResult;
  /** How many servers this run checks in all, so a client can show its progress. */
  total: number;
}
