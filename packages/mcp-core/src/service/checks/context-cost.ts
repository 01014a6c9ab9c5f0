/**
 * `mcp.contextCost`: what each server of the project's effective view costs in Claude Code's
 * context, from its entry's last check (README "Context cost"), most costly first. A server Claude
 * Code does not load in the project (shadowed, pending, disabled, blocked, …) shows what it would
 * cost and adds nothing to the total; a tool a permission rule denies costs nothing anywhere.
 */
import { isActive, TOKEN_METHOD } from '../../check';
import type { Server } from '../../config';
import { readPermissionRules } from '../../permissions';
import { contextCostInputSchema, effectivePermission, lastCheckInputSchema } from '../../schemas';
import { findCheckTarget } from '../../check';
import { withPermissions } from '../permissions';
import type { EngineContext } from '../engine';

import type { LastChecks } from './last-checks';
import type { ContextCost, McpAdmin, ServerCost } from '../contract';

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

/** `mcp.contextCost`: the project checked, its servers listed with secrets revealed, each priced by its kept check. */
export function createContextCost({
  settings,
  readers,
  lastChecks,
}: Pick<EngineContext, 'settings' | 'readers'> & { lastChecks: LastChecks }): Pick<
  McpAdmin,
  'contextCost' | 'lastCheck'
> {
  const { claudeDir, managedDir } = settings;
  return {
    async contextCost(rawInput) {
      const input = contextCostInputSchema.parse(rawInput);
      const projectPath = await readers.existingProject(input?.projectPath);
      const servers = await readers.serversToCheck(projectPath);
      // The rules as Claude Code resolves them for this project: a denied tool is never offered to the model.
      const rules = await readPermissionRules({ claudeDir, managedDir, projectPath }, []);
      const isDenied: DeniedTool = (server, tool) => effectivePermission(rules, server, tool).kind === 'deny';
      return contextCost({ servers, projectPath, lastChecks, isDenied });
    },

    // A server's sheet shows its kept check as a check made now: its tools with their permissions today.
    async lastCheck(rawInput) {
      const input = lastCheckInputSchema.parse(rawInput);
      const projectPath = await readers.existingProject(input.projectPath);
      const server = findCheckTarget(await readers.serversToCheck(projectPath), input);
      const kept = await lastChecks.find(server, projectPath);
      if (kept === undefined) return null;
      const result = await withPermissions(
        settings,
        {
          status: kept.status,
          latencyMs: kept.latencyMs ?? 0,
          ...(kept.tools === undefined
            ? {}
            : { tools: kept.tools.map(({ name, tokens }) => ({ name, tokens })) }),
          ...(kept.tools === undefined
            ? {}
            : { tokens: kept.tools.reduce((sum, tool) => sum + tool.tokens, 0) }),
          ...(kept.error === undefined ? {} : { error: kept.error }),
          ...(kept.stderr === undefined ? {} : { stderr: kept.stderr }),
        },
        server.name,
        projectPath,
      );
      return { ...result, checkedAt: kept.checkedAt };
    },
  };
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
    checkStatus: check?.status ?? null,
  };
}
