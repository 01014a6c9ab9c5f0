/** The real Claude CLI, for setting up a world the way another terminal would. */
import { addArgv, createCliRunner, resolveClaudeBin, type AddServerInput } from '@mcp-admin/core';
import type { TestWorld } from '@mcp-admin/core/testing';

export async function addWithCli(world: TestWorld, cwd: string, input: AddServerInput): Promise<void> {
  const cli = createCliRunner({
    bin: resolveClaudeBin({ PATH: '' }),
    configDir: world.configDir,
    // Like the server under test: nothing the CLI keeps beside its config lands in the real home.
    env: { ...process.env, HOME: world.configDir },
    timeoutMs: 30_000,
  });
  const outcome = await cli.run(addArgv(input), { cwd });
  if (!outcome.ok) throw new Error(`claude mcp add failed: ${outcome.message}`);
}
