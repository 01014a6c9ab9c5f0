/**
 * Every test gets a fresh world (a throwaway config dir and project), a real server on it, and a
 * browser page signed in to it: `panel` signed in before the test starts, or `openPanel()` for a test
 * that writes its world first and then opens the panel once (one page load instead of two).
 *
 * The server drives the verified fake `claude` (`FAKE_CLAUDE`, held to the pinned CLI by
 * packages/mcp-core/test/cli/fake-claude-contract.test.ts) unless the spec says
 * `test.use({ claudeCli: 'real' })`: a spec whose subject is what Claude Code itself does (signing in,
 * its `/mcp` toggle, its sessions, another terminal's write) keeps the real CLI.
 *
 * Starting the built server costs about as much as the rest of a short test, so each Playwright
 * worker keeps ONE server on ONE world for the tests it runs (`sharedWorld`), and isolates the tests
 * instead of restarting it:
 * - before each test, the world's files are emptied: the config dir (Claude Code's files and MCP
 *   Admin's `.mcp-admin/`) keeps only its folder, the project is a new git repository with its
 *   `sub/deeper`, the plain and managed folders are new. A test sees no file of another;
 * - the server keeps in memory what a file reset cannot take back: sign-ins (`.credentials.json`).
 *   A test that left that file gets the server restarted before the next test, as does one that
 *   stopped it. (The last checks follow `.mcp-admin/last-checks.json`: emptied, the server has none.)
 * - each test signs in again in the worker's browser context, which Playwright resets between tests
 *   (`reuseContext` in playwright.config.ts): no cookie, storage or route of another test is left,
 *   and the listeners a test put on the page are taken off after it;
 * - a worker runs one test at a time, so no two tests use the shared server at once.
 * A spec that needs its own server (a `serverEnv` of its own, e.g. a registry URL) gets a world and
 * server of its own, started and removed with the test, as before.
 */
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test as base } from '@playwright/test';
import {
  createTestWorld,
  FAKE_CLAUDE,
  makeGitRepository,
  PINNED_CLAUDE_BIN,
  type TestWorld,
} from '@mcp-admin/core/testing';
import { PanelPage } from '../pages/PanelPage';
import { startServerProcess, type ServerProcess } from './server-process';

/** Which `claude` the test's server drives: the verified fake, or the pinned real CLI. */
export type ClaudeCli = 'fake' | 'real';

const CLAUDE_BINS: Record<ClaudeCli, string> = { fake: FAKE_CLAUDE, real: PINNED_CLAUDE_BIN };

interface Fixtures {
  /** The fake unless a spec sets `'real'` (`test.use`), for what only the real CLI can answer. */
  claudeCli: ClaudeCli;
  world: TestWorld;
  /** Added to the server's environment; a spec overrides it (`test.extend`) for what it needs. */
  serverEnv: NodeJS.ProcessEnv;
  server: ServerProcess;
  /** Opens the panel through the sign-in URL (the first call; later calls return it as it is). */
  openPanel: () => Promise<PanelPage>;
  /** The panel, opened through the sign-in URL before the test starts. */
  panel: PanelPage;
}

interface WorkerFixtures {
  /**
   * The worker's world and its server for each CLI (both made on first use), for tests with the
   * default `serverEnv`.
   */
  sharedWorld: (cli: ClaudeCli) => SharedWorld;
}

interface SharedWorld {
  /** Empties the world's files (and restarts the server if it holds state of the last test). */
  reset(): Promise<TestWorld>;
  /** The server on the world, started if it is not running. */
  server(): Promise<ServerProcess>;
}

/** Files whose content the server also keeps in memory: once written, only a restart forgets it. */
const REMEMBERED_FILES = ['.credentials.json'];

function createSharedWorld(cli: ClaudeCli): SharedWorld & { stop(): Promise<void> } {
  const world = createTestWorld({ claudeBin: CLAUDE_BINS[cli] });
  let server: ServerProcess | undefined;
  return {
    async reset() {
      const remembered = REMEMBERED_FILES.some((file) => existsSync(join(world.configDir, file)));
      if (server !== undefined && (remembered || !server.running())) {
        await server.stop();
        server = undefined;
      }
      mkdirSync(world.configDir, { recursive: true });
      for (const name of readdirSync(world.configDir)) {
        rmSync(join(world.configDir, name), { recursive: true, force: true });
      }
      for (const dir of [world.projectDir, world.plainDir, world.managedDir]) {
        rmSync(dir, { recursive: true, force: true });
      }
      mkdirSync(world.nestedDir, { recursive: true });
      mkdirSync(world.plainDir, { recursive: true });
      makeGitRepository(world.projectDir);
      return world;
    },
    async server() {
      if (server !== undefined && !server.running()) await server.restart();
      server ??= await startServerProcess(world);
      return server;
    },
    async stop() {
      await server?.stop();
      world.remove();
    },
  };
}

const sharesServer = (serverEnv: NodeJS.ProcessEnv) => Object.keys(serverEnv).length === 0;

/** The page events tests listen to: on a page the next test reuses, their listeners must go. */
const LISTENED_EVENTS = ['console', 'request'] as const;

export const test = base.extend<Fixtures, WorkerFixtures>({
  page: async ({ page }, use) => {
    await use(page);
    for (const event of LISTENED_EVENTS) page.removeAllListeners(event);
  },
  sharedWorld: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const shared = new Map<ClaudeCli, ReturnType<typeof createSharedWorld>>();
      await use((cli) => {
        let world = shared.get(cli);
        if (world === undefined) shared.set(cli, (world = createSharedWorld(cli)));
        return world;
      });
      for (const world of shared.values()) await world.stop();
    },
    { scope: 'worker' },
  ],
  claudeCli: ['fake', { option: true }],
  world: async ({ claudeCli, serverEnv, sharedWorld }, use) => {
    if (sharesServer(serverEnv)) {
      await use(await sharedWorld(claudeCli).reset());
      return;
    }
    const world = createTestWorld({ claudeBin: CLAUDE_BINS[claudeCli] });
    await use(world);
    world.remove();
  },
  serverEnv: [{}, { option: true }],
  server: async ({ claudeCli, world, serverEnv, sharedWorld }, use, testInfo) => {
    const shared = sharesServer(serverEnv);
    const server = shared
      ? await sharedWorld(claudeCli).server()
      : await startServerProcess(world, serverEnv);
    // A shared server printed the earlier tests' lines too: only this test's are attached.
    const printedBefore = shared ? server.output().length : 0;
    await use(server);
    if (!shared) await server.stop();
    if (testInfo.status !== testInfo.expectedStatus) {
      const output = server.output();
      const body = output.length >= printedBefore ? output.slice(printedBefore) : output;
      await testInfo.attach('server output', { body, contentType: 'text/plain' });
    }
  },
  openPanel: async ({ page, server }, use) => {
    // CSP is `default-src 'self'`: anything the panel needs from elsewhere or inline shows up here.
    const cspViolations: string[] = [];
    // The page the server drew must be the panel's first render (apps/web/src/main.tsx says so).
    const hydrationMismatches: string[] = [];
    page.on('console', (message) => {
      // Chrome may log a violation in pieces: one only says which directive was used as a fallback.
      if (/Content Security Policy|-src' was not explicitly set/.test(message.text())) {
        cspViolations.push(message.text());
      }
      if (message.text().includes('the page the server drew differs'))
        hydrationMismatches.push(message.text());
    });
    let opened: Promise<PanelPage> | undefined;
    await use(() => {
      opened ??= (async () => {
        const panel = new PanelPage(page);
        await panel.signIn(server.signInUrl);
        return panel;
      })();
      return opened;
    });
    expect(cspViolations).toEqual([]);
    expect(hydrationMismatches).toEqual([]);
  },
  panel: async ({ openPanel }, use) => {
    await use(await openPanel());
  },
});

export { expect };
