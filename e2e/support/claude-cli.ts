/** The real Claude CLI, for changing a world the way another terminal would. */
import { addArgv, removeArgv, type AddServerInput, type Scope } from '@mcp-admin/core';
import { runCliAsAnotherTerminal, type TestWorld } from '@mcp-admin/core/testing';

export async function addWithCli(world: TestWorld, cwd: string, input: AddServerInput): Promise<void> {
  await runCliAsAnotherTerminal(world, cwd, addArgv(input));
}

export async function removeWithCli(
  world: TestWorld,
  cwd: string,
  name: string,
  scope: Scope,
): Promise<void> {
  await runCliAsAnotherTerminal(world, cwd, removeArgv(name, scope));
}
