/**
 * The estimate against Claude Code's own offline figure: a real `claude -p` session (control
 * protocol `get_context_usage`, `detail: 'summary'`) and a check of the same server count each
 * tool's definition. Tolerance: 2 tokens or 10%, whichever is more, because Claude Code splits
 * its one count of all MCP tools by each definition's share of their length and rounds each share.
 */
import { createTestWorld, MCP_SERVER_SCRIPTS, worldAdminOptions } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { writeFileSync } from 'node:fs';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createMcpAdmin, type McpAdmin } from '../../src/service/mcp-admin';
import { claudeCodeToolTokens } from '../support/context-usage';

let world: TestWorld;
let admin: McpAdmin;
beforeEach(() => {
  world = createTestWorld();
  admin = createMcpAdmin(worldAdminOptions(world));
});
afterEach(async () => {
  await admin.close();
  world.remove();
});

const TOOL_NAMES = ['a', 'search_issues', 'create_a_pull_request_from_the_current_branch'];

it("counts each tool within 2 tokens or 10% of Claude Code's own get_context_usage figure", async () => {
  writeFileSync(
    world.configPath,
    JSON.stringify({
      hasCompletedOnboarding: true,
      mcpServers: {
        costs: {
          type: 'stdio',
          command: process.execPath,
          args: [MCP_SERVER_SCRIPTS.toolsFromEnv],
          env: { TOOL_NAMES: TOOL_NAMES.join(',') },
        },
      },
    }),
  );

  const [checked, figures] = await Promise.all([
    admin.check({ name: 'costs', scope: 'user' }),
    claudeCodeToolTokens(world, 'costs'),
  ]);

  const ours = new Map(checked.tools?.map((tool) => [`mcp__costs__${tool.name}`, tool.tokens]));
  expect(figures.map((figure) => figure.name).sort()).toEqual([...ours.keys()].sort());
  for (const figure of figures) {
    const estimate = ours.get(figure.name) ?? Number.NaN;
    expect(
      Math.abs(estimate - figure.tokens),
      `${figure.name}: ours ${String(estimate)}, Claude Code's ${String(figure.tokens)}`,
    ).toBeLessThanOrEqual(Math.max(2, figure.tokens * 0.1));
  }
}, 120_000);
