/**
 * Every test gets its own world: a throwaway config dir and project, a real server started on
 * them, and a browser page signed in to it. All of it is torn down after the test.
 */
import { expect, test as base } from '@playwright/test';
import { createTestWorld, type TestWorld } from '@mcp-admin/core/testing';
import { PanelPage } from '../pages/PanelPage';
import { startServerProcess, type ServerProcess } from './server-process';

interface Fixtures {
  world: TestWorld;
  /** Added to the server's environment; a spec overrides it (`test.extend`) for what it needs. */
  serverEnv: NodeJS.ProcessEnv;
  server: ServerProcess;
  /** The panel, opened through the sign-in URL. */
  panel: PanelPage;
}

export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  world: async ({}, use) => {
    const world = createTestWorld();
    await use(world);
    world.remove();
  },
  serverEnv: [{}, { option: true }],
  server: async ({ world, serverEnv }, use, testInfo) => {
    const server = await startServerProcess(world, serverEnv);
    await use(server);
    await server.stop();
    if (testInfo.status !== testInfo.expectedStatus) {
      await testInfo.attach('server output', { body: server.output(), contentType: 'text/plain' });
    }
  },
  panel: async ({ page, server }, use) => {
    // CSP is `default-src 'self'`: anything the panel needs from elsewhere or inline shows up here.
    const cspViolations: string[] = [];
    page.on('console', (message) => {
      // Chrome may log a violation in pieces: one only says which directive was used as a fallback.
      if (/Content Security Policy|-src' was not explicitly set/.test(message.text())) {
        cspViolations.push(message.text());
      }
    });
    const panel = new PanelPage(page);
    await panel.signIn(server.signInUrl);
    await use(panel);
    expect(cspViolations).toEqual([]);
  },
});

export { expect };
