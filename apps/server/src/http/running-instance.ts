/**
 * Which MCP Admin already runs on a config (issue 44): `mcp-admin` writes `.mcp-admin/server.json`
 * beside `.claude.json` (file 0600, folder 0700) with its URL and a random instance id, and its
 * `/healthz` answers that id in `MCP-Admin-Instance`. A second start on the same config whose port
 * is taken reads the file and asks that URL: the same id there is this config's MCP Admin, and its
 * address is printed instead of a bare EADDRINUSE. Neither holds the token: the id opens nothing.
 */
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';

export const INSTANCE_HEADER = 'mcp-admin-instance';
/** How long the running one gets to answer `/healthz`: it answers at once unless stuck. */
const PROBE_TIMEOUT_MS = 2_000;

const runningFileSchema = z.object({ url: z.string().max(300), instance: z.string().max(100) });

export type RunningInstance = z.infer<typeof runningFileSchema>;

export function newInstanceId(): string {
  return randomBytes(16).toString('base64url');
}

export function runningFilePath(configPath: string): string {
  return join(dirname(configPath), '.mcp-admin', 'server.json');
}

/** Says which MCP Admin runs on this config; replaced whole, never half written. */
export async function writeRunningFile(configPath: string, running: RunningInstance): Promise<void> {
  const path = runningFilePath(configPath);
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(running)}\n`, { mode: 0o600 });
  await rename(temporary, path);
}

/** Removes the file if it still names `instance` (a later start on another port may have replaced it). */
export async function removeRunningFile(configPath: string, instance: string): Promise<void> {
  if ((await readRunningFile(configPath))?.instance === instance) {
    await rm(runningFilePath(configPath), { force: true });
  }
}

async function readRunningFile(configPath: string): Promise<RunningInstance | undefined> {
  try {
    // A regular file only, and its first 4 KiB: a FIFO or a link put there must not hang or mislead a start.
    const file = await open(
      runningFilePath(configPath),
      constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW,
    );
    let text: string;
    try {
      if (!(await file.stat()).isFile()) return undefined;
      const { buffer, bytesRead } = await file.read(Buffer.alloc(4096), 0, 4096, 0);
      text = buffer.subarray(0, bytesRead).toString('utf8');
    } finally {
      await file.close();
    }
    const parsed = runningFileSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The URL of this config's MCP Admin when it is the one holding `port`, asked at its `/healthz`. */
export async function runningOnPort(configPath: string, port: number): Promise<string | undefined> {
  const running = await readRunningFile(configPath);
  if (running === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(running.url);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' || Number(url.port) !== port) return undefined;
  try {
    const answer = await fetch(new URL('/healthz', url), {
      redirect: 'error',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    await answer.body?.cancel();
    return answer.headers.get(INSTANCE_HEADER) === running.instance ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** One line: the port is taken, by whom when it is this config's MCP Admin, and what to set. */
export function portTakenMessage(host: string, port: number, runningUrl: string | undefined): string {
  if (runningUrl !== undefined) {
    return `port ${port} is taken by the MCP Admin already running on this config, at ${runningUrl} (its sign-in link is in the output of its start; set MCP_ADMIN_PORT to start another)`;
  }
  return `port ${port} of ${host} is taken by another program: set MCP_ADMIN_PORT to a free port (0 picks one)`;
}
