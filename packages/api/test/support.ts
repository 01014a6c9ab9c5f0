/**
 * What the API's tests share: the API called in process through `createCaller` (no HTTP) on a
 * service in a throwaway world, and the means to prove what a call spawned or changed.
 * The API's subject is the status mapping and the shape of answers, so a world drives the fake CLI
 * (held to the real one by core/cli/fake-claude-contract.test.ts) unless a test asks for `REAL_CLI`.
 */
import type { McpAdminOptions } from '@mcp-admin/core';
import { createMcpAdmin, isMcpCoreError } from '@mcp-admin/core';
import type { TestWorld } from '@mcp-admin/core/testing';
import {
  ARGV_LOGGING_CLAUDE,
  createTestWorld,
  FAKE_CLAUDE,
  PINNED_CLAUDE_BIN,
  worldAdminOptions,
} from '@mcp-admin/core/testing';
import { TRPCError } from '@trpc/server';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';

import { createApiContext, createCaller } from '../src';

/** For `vi.waitFor` on things that take real processes: spawning the CLI, starting a server. */
export const PATIENTLY = { timeout: 30_000, interval: 50 };

/** A throwaway world on the fake CLI, removed when the test ends. */
export function useTestWorld(): TestWorld {
  const world = createTestWorld({ claudeBin: FAKE_CLAUDE });
  onTestFinished(() => {
    world.remove();
  });
  return world;
}

/** The service's option for the pinned CLI, for what the fake does not do (sign-in). */
export const REAL_CLI: Partial<McpAdminOptions> = { claudeBin: PINNED_CLAUDE_BIN };

export interface CallerOptions {
  /** Overrides of the service's options for the world (see `worldAdminOptions`). */
  admin?: Partial<McpAdminOptions>;
  closing?: AbortSignal;
  signal?: AbortSignal;
  /** As the HTTP host says of a request that another site or port sent. */
  fromOtherOrigin?: boolean;
}

/** The API without HTTP, on a service in `world` driving the world's CLI. */
export function callerFor(world: TestWorld, { admin, closing, signal, fromOtherOrigin }: CallerOptions = {}) {
  const service = createMcpAdmin(worldAdminOptions(world, admin));
  return createCaller(createApiContext({ admin: service, closing, fromOtherOrigin }), { signal });
}

/**
 * The service options for CLAUDE_BIN=argv-logging-claude.sh (held until `gateFile` exists, when
 * given) in front of the world's CLI, logging each spawn to the returned `cliLog`.
 */
export function gatedCliAdmin(world: TestWorld, gateFile?: string) {
  const cliLog = join(world.configDir, 'cli.log');
  const admin: Partial<McpAdminOptions> = {
    claudeBin: ARGV_LOGGING_CLAUDE,
    spawnEnv: {
      ...worldAdminOptions(world).spawnEnv,
      CLI_LOG: cliLog,
      REAL_CLAUDE_BIN: world.claudeBin,
      GATE_FILE: gateFile,
    },
  };
  return { admin, cliLog };
}

/** What a client relies on of a rejected call, as one comparable value. */
export async function apiErrorOf(call: Promise<unknown>) {
  const error: unknown = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof TRPCError)) throw new Error(`expected a TRPCError, got ${String(error)}`);
  return {
    code: error.code,
    message: error.message,
    coreCode: isMcpCoreError(error.cause) ? error.cause.code : undefined,
  };
}

/** The bytes of each file (null when absent), to prove a refused call changed nothing. */
export function snapshotFiles(paths: string[]): Record<string, string | null> {
  return Object.fromEntries(
    paths.map((path) => [path, existsSync(path) ? readFileSync(path, 'latin1') : null]),
  );
}

/** The files a mutation can touch in `world`. */
export function worldFiles(world: TestWorld): string[] {
  return [world.configPath, join(world.projectDir, '.mcp.json')];
}

export function spawnedArgv(cliLog: string): string[] {
  return existsSync(cliLog) ? readFileSync(cliLog, 'utf8').split('\n').filter(Boolean) : [];
}
