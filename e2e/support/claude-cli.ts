/** The real Claude CLI, for changing a world the way another terminal would. */
import {
  addArgv,
  createCliRunner,
  removeArgv,
  resolveClaudeBin,
  type AddServerInput,
  type Scope,
} from '@mcp-admin/core';
import type { TestWorld } from '@mcp-admin/core/testing';

export async function addWithCli(world: TestWorld, cwd: string, input: AddServerInput): Promise<void> {
  await runCli(world, cwd, addArgv(input));
}

export async function removeWithCli(
  world: TestWorld,
  cwd: string,
  name: string,
  scope: Scope,
): Promise<void> {
  await runCli(world, cwd, removeArgv(name, scope));
}

async function runCli(world: TestWorld, cwd: string, argv: string[]): Promise<void> {
  const cli = createCliRunner({
    bin: resolveClaudeBin({ PATH: '' }),
    configDir: world.configDir,
    // Like the server under test: nothing the CLI keeps beside its config lands in the real home.
    env: { ...process.env, HOME: world.configDir },
    timeoutMs: 30_000,
  });
  const outcome = await cli.run(argv, { cwd });
  if (!outcome.ok) throw new Error(`claude ${argv.join(' ')} failed: ${outcome.message}`);
}
