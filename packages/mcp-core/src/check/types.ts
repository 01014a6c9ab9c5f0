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
  tools?: { name: string; description?: string; tokens: number; permission?: ToolPermission }[];
  /** The tools' tokens together, whenever `tools` is there. */
  tokens?: number;
  /** What went wrong, in words a person understands. */
  error?: string;
  /** The last 4 KB the server wrote to stderr, its entry's secret values redacted. */
  stderr?: string;
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
