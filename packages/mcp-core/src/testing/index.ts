/**
 * Test support shared by every package's tests: throwaway worlds (a config dir and a project
 * that is a git repo with a subdirectory) and the guard that keeps tests off the real config.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { argvOf, createCliRunner, resolveClaudeBin } from '../cli';
import type { CliCommand } from '../cli';
import type { McpAdminOptions } from '../service';
import { assertThrowawayConfigDir } from './throwaway-guard';

export { currentRss, peakRss, resetPeakRss } from './peak-memory';
// The exact argv and runner the service uses, and the readers it answers from: tests, e2e and the
// benchmarks drive the CLI and read the config with these, not through the public API.
export { addArgv, addJsonArgv, createCliRunner, removeArgv } from '../cli';
export { credentialKey, listServers } from '../config';
export { assertThrowawayConfigDir } from './throwaway-guard';

export interface TestWorld {
  /**
   * The CLI this world's tests drive: the pinned one, or `FAKE_CLAUDE` for a test whose subject is
   * MCP Admin rather than what Claude Code does (`worldAdminOptions` and `runCliAsAnotherTerminal` use it).
   */
  claudeBin: string;
  /** Throwaway `CLAUDE_CONFIG_DIR`. */
  configDir: string;
  configPath: string;
  /** A git repository: the CLI keys local scope by its root. */
  projectDir: string;
  /** `projectDir/sub/deeper`, inside the same repository. */
  nestedDir: string;
  /** A plain directory outside any git repository. */
  plainDir: string;
  /** Where the world's managed-mcp.json and managed-settings.json go; not created. */
  managedDir: string;
  remove(): void;
}

/** This process's empty repository (`git init` without a template: no sample hooks), made on first use. */
let emptyRepository: string | undefined;

/**
 * Makes `dir` a new, empty git repository: a copy of the `.git` that `git init` made once for this
 * process. A world is made for most tests, and copying takes about 3 ms where a `git init` of its
 * own took 17 ms in an idle test process and about 43 ms in a busy Playwright worker.
 * The one made is kept in the run's folder when the runner names one (`MCP_ADMIN_TEST_RUN_DIR`,
 * vitest.setup.ts: vitest ends its workers without their `exit` listeners), else removed on exit.
 */
export function makeGitRepository(dir: string): void {
  if (emptyRepository === undefined) {
    const runDir = process.env.MCP_ADMIN_TEST_RUN_DIR;
    const made = realpathSync(mkdtempSync(join(runDir ?? tmpdir(), 'mcp-admin-empty-repo-')));
    if (runDir === undefined) {
      process.once('exit', () => {
        rmSync(made, { recursive: true, force: true });
      });
    }
    execFileSync('git', ['init', '--quiet', '--template=', made]);
    emptyRepository = made;
  }
  cpSync(join(emptyRepository, '.git'), join(dir, '.git'), { recursive: true });
}

export function createTestWorld({ claudeBin = PINNED_CLAUDE_BIN }: { claudeBin?: string } = {}): TestWorld {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'mcp-admin-world-')));
  const configDir = join(root, 'config');
  const projectDir = join(root, 'repo');
  const nestedDir = join(projectDir, 'sub', 'deeper');
  const plainDir = join(root, 'plain');
  for (const dir of [configDir, nestedDir, plainDir]) mkdirSync(dir, { recursive: true });
  makeGitRepository(projectDir);
  assertThrowawayConfigDir(configDir);
  return {
    claudeBin,
    configDir,
    configPath: join(configDir, '.claude.json'),
    projectDir,
    nestedDir,
    plainDir,
    managedDir: join(root, 'managed'),
    remove: () => {
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * What the reader needs besides the project, for `world`: its config, its managed folder, and an
 * environment where every `${VAR}` is unset.
 */
export function worldReadOptions(world: TestWorld) {
  return { configPath: world.configPath, claudeDir: world.configDir, managedDir: world.managedDir, env: {} };
}

/** A project's entry of `.claude.json` as the CLI starts it for a local-scope add (test/fixtures/fake-claude.mjs, held to it, agrees). */
export function projectEntry(mcpServers: Record<string, unknown>) {
  return {
    allowedTools: [],
    mcpContextUris: [],
    mcpServers,
    hasTrustDialogAccepted: false,
    hasClaudeMdExternalIncludesApproved: false,
    hasClaudeMdExternalIncludesWarningShown: false,
  };
}

/**
 * The pinned CLI this package depends on, whatever `claude` the machine has on PATH.
 * MCP_ADMIN_TEST_COUNTING_CLAUDE_BIN points it at a wrapper that logs each spawn, for counting only.
 */
export const PINNED_CLAUDE_BIN =
  process.env.MCP_ADMIN_TEST_COUNTING_CLAUDE_BIN ?? resolveClaudeBin({ path: '' });

/** The service's options for `world`: the world's CLI on its config and project. */
export function worldAdminOptions(
  world: TestWorld,
  overrides: Partial<McpAdminOptions> = {},
): McpAdminOptions {
  return {
    configDir: world.configDir,
    claudeBin: world.claudeBin,
    cliTimeoutMs: 30_000,
    defaultProject: world.projectDir,
    managedDir: world.managedDir,
    spawnEnv: { ...process.env, HOME: world.configDir },
    homeDir: world.configDir,
    ...overrides,
  };
}

/**
 * Runs the world's CLI (or `bin`) in `cwd` on the world's config, as another terminal would: what a
 * test changes this way the product did not change itself. Throws when the CLI exits non-zero.
 */
export async function runCliAsAnotherTerminal(
  world: TestWorld,
  cwd: string,
  command: CliCommand,
  { bin = world.claudeBin }: { bin?: string } = {},
): Promise<string> {
  const cli = createCliRunner({
    bin,
    configDir: world.configDir,
    // Nothing the CLI keeps beside its config may land in the real home.
    env: { ...process.env, HOME: world.configDir },
    timeoutMs: 30_000,
  });
  const outcome = await cli.run(command, { cwd });
  if (!outcome.ok) throw new Error(`claude ${argvOf(command).join(' ')} failed: ${outcome.message}`);
  return outcome.message;
}

export { ARGV_LOGGING_CLAUDE, FAKE_CLAUDE } from './cli-fixtures';
export {
  MCP_SERVER_SCRIPTS,
  startHostileHttpServer,
  startRegistryFixture,
  startRemoteMcpServer,
} from './mcp-servers';
export type { RemoteMcpServer, RemoteMcpServerOptions } from './mcp-servers';
export { livingGroupMembers, processesWithEnvironment } from './process-group';
export { allowInteractiveSessions, startInteractiveSession } from './interactive-session';
export { UNREACHABLE_API_ENV } from './unreachable-api';
export type { InteractiveSession } from './interactive-session';
export { startTestKeychain } from './test-keychain';
export type { TestKeychain } from './test-keychain';
