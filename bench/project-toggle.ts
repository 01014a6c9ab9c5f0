/**
 * `mcp.disableInProject` then `mcp.enableInProject` of one user-scope server, through the service
 * and the real CLI's control protocol, in a throwaway world whose environment has a model key (the
 * control session is started without it: with it, Claude Code 2.1.332 first waits for remote
 * managed settings, about 17 s offline; see packages/mcp-core/src/cli/control-session.ts).
 */
import { createMcpAdmin } from '@mcp-admin/core';
import { createTestWorld, runCliAsAnotherTerminal, worldAdminOptions } from '@mcp-admin/core/testing';
import { time, type Timing } from './measure';

const RUNS = 3;

/** One run: the server turned off in the project, then on again, each a control session of its own. */
export async function benchProjectToggle(): Promise<Timing> {
  const world = createTestWorld();
  try {
    await runCliAsAnotherTerminal(world, world.projectDir, [
      'mcp',
      'add',
      '--scope',
      'user',
      'docs',
      '--',
      'true',
    ]);
    const defaults = worldAdminOptions(world);
    const admin = createMcpAdmin({
      ...defaults,
      spawnEnv: { ...defaults.spawnEnv, ANTHROPIC_API_KEY: 'sk-ant-bench-dummy' },
    });
    return await time(RUNS, async () => {
      await admin.disableInProject({ name: 'docs' });
      await admin.enableInProject({ name: 'docs' });
    });
  } finally {
    world.remove();
  }
}
