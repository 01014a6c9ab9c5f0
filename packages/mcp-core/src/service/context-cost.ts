/**
 * `mcp.contextCost`: what each server of the project's effective view costs in Claude Code's
 * context, from its entry's last check (README "Context cost"), most costly first. A server Claude
 * Code does not load in the project (shadowed, pending, disabled, blocked, …) shows what it would
 * cost and adds nothing to the total; a tool a permission rule denies costs nothing anywhere.
 */
import { isActive, TOKEN_METHOD } from '../check';
import type { Server, ServerScope } from '../config';
import type { LastChecks } from './last-checks';

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
}

export interface ContextCost {
  servers: ServerCost[];
  /** The tokens of every server that loads. */
  total: number;
  /** How the tokens were counted: an estimate from the definitions (check/tool-tokens.ts). */
  method: typeof TOKEN_METHOD;
}

/** Whether a permission rule denies `tool` of `server` in the project: it then costs nothing. */
export type DeniedTool = (server: string, tool: string) => boolean;

export interface ContextCostRequest {
  /** The project's effective view, secrets revealed (as its checks ran). */
  servers: readonly Server[];
  projectPath: string;
  lastChecks: LastChecks;
  isDenied: DeniedTool;
}

export async function contextCost(request: ContextCostRequest): Promise<ContextCost> {
  const costs = await Promise.all(request.servers.map((server) => serverCost(server, request)));
  costs.sort((a, b) => (b.tokens ?? -1) - (a.tokens ?? -1) || a.name.localeCompare(b.name));
  const total = costs.reduce((sum, cost) => (cost.loads ? sum + (cost.tokens ?? 0) : sum), 0);
  return { servers: costs, total, method: TOKEN_METHOD };
}

async function serverCost(server: Server, request: ContextCostRequest): Promise<ServerCost> {
  const check = await request.lastChecks.find(server, request.projectPath);
  const counted = check?.tools?.filter((tool) => !request.isDenied(server.name, tool.name));
  return {
    name: server.name,
    scope: server.scope,
    ...(server.source === undefined ? {} : { source: server.source }),
    tokens: counted === undefined ? null : counted.reduce((sum, tool) => sum + tool.tokens, 0),
    tools: counted === undefined ? null : counted.length,
    loads: isActive(server),
    checkedAt: check?.checkedAt ?? null,
  };
}
