/**
 * Thirty servers of every kind, written straight into the throwaway world's files (for tests about
 * what the panel shows, not about changing them: seeding 30 through the CLI takes minutes). Each
 * kind is one the panel must answer differently: loads, needs you (missing variable, approval
 * waiting for trust, not approved), won't load (rejected, shadowed, switched off).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { TestWorld } from '@mcp-admin/core/testing';

async function writeJson(path: string, value: unknown): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
}

const stdio = (pkg: string, ...args: string[]) => ({
  type: 'stdio',
  command: 'npx',
  args: ['-y', pkg, ...args],
  env: {},
});

/** The names seeded, by what Claude Code does with them in the world's project. */
export const SEEDED = {
  total: 30,
  missingVariable: 'postgres',
  fixedAuthorization: 'notion',
  oauth: 'linear',
  awaitingTrust: 'team-docs',
  notApproved: 'team-tracker',
  rejected: 'team-legacy',
  shadowed: 'github',
  switchedOff: 'old-search',
} as const;

export async function seedThirtyServers(world: TestWorld): Promise<void> {
  const user: Record<string, unknown> = {
    github: stdio('@modelcontextprotocol/server-github'),
    notion: {
      type: 'http',
      url: 'https://mcp.notion.example/mcp',
      headers: { Authorization: 'Bearer ntn_s3cret' },
    },
    linear: { type: 'http', url: 'https://mcp.linear.example/sse' },
    postgres: stdio('@modelcontextprotocol/server-postgres', '${DATABASE_URL_FOR_E2E}'),
    memory: stdio('@modelcontextprotocol/server-memory'),
    fetch: { type: 'stdio', command: 'uvx', args: ['mcp-server-fetch'], env: {} },
    time: {
      type: 'stdio',
      command: 'uvx',
      args: ['mcp-server-time', '--local-timezone=Europe/Paris'],
      env: {},
    },
    puppeteer: stdio('@modelcontextprotocol/server-puppeteer'),
    slack: stdio('@modelcontextprotocol/server-slack'),
    sentry: {
      type: 'http',
      url: 'https://mcp.sentry.example/mcp',
      headers: { Authorization: 'Bearer sntry' },
    },
    everything: stdio('@modelcontextprotocol/server-everything'),
    'sequential-thinking': stdio('@modelcontextprotocol/server-sequential-thinking'),
    brave: stdio('@modelcontextprotocol/server-brave-search'),
    gdrive: stdio('@modelcontextprotocol/server-gdrive'),
  };
  const local: Record<string, unknown> = {
    github: stdio('@modelcontextprotocol/server-github', '--read-only'),
    filesystem: stdio('@modelcontextprotocol/server-filesystem', world.projectDir),
    sqlite: { type: 'stdio', command: 'uvx', args: ['mcp-server-sqlite', '--db-path', 'app.db'], env: {} },
    redis: stdio('@modelcontextprotocol/server-redis', 'redis://localhost:6379'),
    playwright: stdio('@playwright/mcp@latest'),
    'docs-search': { type: 'http', url: 'http://localhost:8811/mcp' },
    notes: { type: 'stdio', command: 'node', args: ['tools/notes-server.js'], env: { NOTES_DIR: 'notes' } },
  };
  const project: Record<string, unknown> = {
    'team-docs': stdio('@acme/docs-mcp'),
    'team-tracker': { type: 'http', url: 'https://tracker.acme.example/mcp' },
    'team-legacy': stdio('@acme/legacy-mcp'),
    'team-ci': stdio('@acme/ci-mcp'),
    'team-metrics': { type: 'sse', url: 'https://metrics.acme.example/sse' },
    'team-deploy': stdio('@acme/deploy-mcp', '--env=staging'),
    'team-search': stdio('@acme/search-mcp'),
    'team-wiki': stdio('@acme/wiki-mcp'),
  };
  await writeJson(world.configPath, {
    mcpServers: user,
    projects: { [world.projectDir]: { mcpServers: local } },
  });
  await writeJson(join(world.projectDir, '.mcp.json'), { mcpServers: project });
  // Approved for every project by the user (counts untrusted), by the project only once trusted.
  await writeJson(join(world.configDir, 'settings.json'), {
    enabledMcpjsonServers: ['team-ci', 'team-metrics', 'team-deploy', 'team-search', 'team-wiki'],
  });
  await writeJson(join(world.projectDir, '.claude', 'settings.local.json'), {
    enabledMcpjsonServers: ['team-docs'],
    disabledMcpjsonServers: ['team-legacy'],
  });
  await writeJson(join(world.configDir, '.mcp-admin', 'disabled.json'), {
    version: 1,
    servers: [
      {
        scope: 'user',
        name: 'old-search',
        entry: stdio('@acme/old-search'),
        disabledAt: '2026-11-30T10:00:00.000Z',
      },
    ],
  });
}
