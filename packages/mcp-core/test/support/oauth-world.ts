/**
 * What the sign-in tests share: per test, a throwaway world and a local authorization server with a
 * protected MCP endpoint (the OAuth mode of the remote fixture server), and the steps of a sign-in
 * through the real CLI (`claude mcp login` under a pseudo-terminal).
 */
import {
  createTestWorld,
  processesWithEnvironment,
  startRemoteMcpServer,
  type RemoteMcpServer,
  type TestWorld,
} from '@mcp-admin/core/testing';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, vi } from 'vitest';

import type { LoginEvent } from '../../src/login';
import type { McpAdmin, McpAdminOptions } from '../../src/service/mcp-admin';
import { adminInWorld } from './world-admin';

export interface OAuthWorld {
  world: TestWorld;
  /** A test may replace it (stopping this one first), e.g. with one of shorter-lived tokens. */
  remote: RemoteMcpServer;
}

/** Registers the hooks that make and remove a world and an OAuth remote around each test. */
export function useOAuthWorld(): OAuthWorld {
  const current = {} as OAuthWorld;
  beforeEach(async () => {
    current.world = createTestWorld();
    current.remote = await startRemoteMcpServer({ oauth: {} });
  });
  afterEach(async () => {
    await current.remote.stop();
    current.world.remove();
  });
  return current;
}

/** The world's config with user-scope servers, as Claude Code keeps it. */
export function writeUserServers({ world }: OAuthWorld, servers: Record<string, unknown>) {
  writeFileSync(world.configPath, JSON.stringify({ mcpServers: servers }));
}

// A header too: Claude Code files the tokens under a hash of the URL and the headers.
export const protectedServer = ({ remote }: OAuthWorld) => ({
  type: 'http',
  url: `${remote.origin}/mcp`,
  headers: { 'X-Team': 'blue' },
});

export function adminOf({ world }: OAuthWorld, options: Partial<McpAdminOptions> = {}, claudeBin?: string) {
  return adminInWorld(world, claudeBin, {}, options);
}

/** The sign-in's events, one by one. */
export async function startLogin(service: McpAdmin, name: string, signal = new AbortController().signal) {
  return (await service.login({ name }, signal))[Symbol.asyncIterator]();
}

export async function openEvent(events: AsyncIterator<LoginEvent>) {
  const event: unknown = (await events.next()).value;
  expect(event).toEqual({
    state: 'open',
    loginId: expect.any(String) as string,
    url: expect.any(String) as string,
  });
  return event as Extract<LoginEvent, { state: 'open' }>;
}

/** What a browser does with the authorization URL: follows every redirect, to the CLI's callback. */
export async function playBrowser(url: string) {
  const response = await fetch(url);
  expect(response.ok).toBe(true);
}

/** The CLI's processes of this world (script, the CLI and what it started), found by their environment. */
export const worldProcesses = ({ world }: OAuthWorld) =>
  processesWithEnvironment(`CLAUDE_CONFIG_DIR=${world.configDir}`);

export async function expectNoWorldProcess(oauth: OAuthWorld) {
  await vi.waitFor(
    () => {
      expect(worldProcesses(oauth)).toEqual([]);
    },
    { timeout: 5_000, interval: 20 },
  );
}

export function storedTokens({ world }: OAuthWorld) {
  const store = JSON.parse(readFileSync(join(world.configDir, '.credentials.json'), 'utf8')) as {
    mcpOAuth: Record<string, { accessToken: string; refreshToken: string }>;
  };
  return Object.values(store.mcpOAuth).flatMap(({ accessToken, refreshToken }) => [
    accessToken,
    refreshToken,
  ]);
}
