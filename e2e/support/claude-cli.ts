/** The real Claude CLI, for changing a world the way another terminal would. */
import type { AddServerInput, Scope } from '@mcp-admin/core';
import {
  addArgv,
  addJsonArgv,
  removeArgv,
  runCliAsAnotherTerminal,
  type TestWorld,
} from '@mcp-admin/core/testing';

export async function addWithCli(world: TestWorld, cwd: string, input: AddServerInput): Promise<void> {
  await runCliAsAnotherTerminal(world, cwd, addArgv(input));
}

/** `claude mcp add-json`: an entry whole, with the fields `mcp add` has no flag for. */
export async function addJsonWithCli(
  world: TestWorld,
  cwd: string,
  name: string,
  scope: Scope,
  entry: Record<string, unknown>,
): Promise<void> {
  await runCliAsAnotherTerminal(world, cwd, addJsonArgv(name, scope, entry));
}

export async function removeWithCli(
  world: TestWorld,
  cwd: string,
  name: string,
  scope: Scope,
): Promise<void> {
  await runCliAsAnotherTerminal(world, cwd, removeArgv(name, scope));
}
