/**
 * One connection check (docs/api.md#mcpcheck): start or reach the server as Claude Code would,
 * `initialize`, then `tools/list` page by page, within a time bound. Whatever happens, the
 * connection is closed (a stdio server's whole process group killed) before the result returns.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ListToolsResultSchema, type Tool as ListedTool } from '@modelcontextprotocol/sdk/types.js';
import packageJson from '../../package.json' with { type: 'json' };
import type { Server, StoredToken } from '../config';
import {
  createAnswerBudget,
  cutText,
  keptInputSchema,
  MAX_TOOL_PAGES,
  MAX_TOOLS,
  tooManyPages,
  tooManyTools,
} from './answer-budget';
import { answerAsClaudeCode, CLAUDE_CODE_CAPABILITIES } from './claude-code-client';
import { openConnection } from './connection';
import { fairDeadline } from './fair-deadline';
import { describeFailure, type CheckStep } from './failure';
import { keptHeaders, prepareLaunch, type PreparedLaunch } from './launch';
import { LAUNCHER_SAYS } from '../kept-secrets';
import { createOutputTail, redact } from './output-tail';
import { ownRunQueueDelayMs, runQueueDelayMs } from './run-queue-delay';
import { toolDefinitionTokens, totalTokens } from './tool-tokens';
import type { CheckedTool, CheckResult } from './types';

export interface CheckOptions {
  /** The user's environment: a stdio server starts with it, and `${VAR}` is looked up in it. */
  env: NodeJS.ProcessEnv;
  /** Where a stdio server runs: the project's directory, as when Claude Code starts it there. */
  cwd: string;
  timeoutMs: number;
  /** Aborted when nobody waits for the result any more: the check then stops and throws its reason. */
  signal?: AbortSignal | undefined;
  /** A remote server's OAuth token in Claude Code's store: sent as Claude Code sends it. */
  storedToken?: StoredToken | undefined;
}

export async function checkServer(server: Server, options: CheckOptions): Promise<CheckResult> {
  const started = performance.now();
  const prepared = prepareLaunch(server, options.env, options.cwd);
  if (prepared === undefined) {
    return {
      status: 'failed',
      latencyMs: 0,
      error: `This entry has no command or URL that Claude Code would start (transport ${server.transport}).`,
    };
  }
  const helped = await keptHeaders(server, options.env, options.cwd);
  if ('error' in helped) return { status: 'failed', latencyMs: 0, error: helped.error };
  const { launch, secrets } = withStoredToken(withHeaders(prepared, helped.headers), options.storedToken);
  const stderr = createOutputTail(secrets);
  const budget = createAnswerBudget();
  const connection = openConnection(
    launch,
    (chunk) => {
      stderr.append(chunk);
    },
    budget,
  );
  if (connection instanceof Error) {
    return { status: 'failed', latencyMs: 0, error: redact(connection.message, secrets) };
  }
  const { transport } = connection;

  // The server's processes' wait for a core, and ours since the check began (we read its answers).
  const ownWaitBefore = await ownRunQueueDelayMs();
  const fair = fairDeadline(options.timeoutMs, async () => {
    const pid = connection.serverPid();
    const serverWait = pid === undefined ? 0 : await runQueueDelayMs(pid);
    return serverWait + Math.max(0, (await ownRunQueueDelayMs()) - ownWaitBefore);
  });
  const deadline = fair.signal;
  const stop = AbortSignal.any([deadline, budget.signal, ...(options.signal ? [options.signal] : [])]);
  const client = new Client(
    { name: 'mcp-admin', version: packageJson.version },
    { capabilities: CLAUDE_CODE_CAPABILITIES },
  );
  answerAsClaudeCode(client, options.cwd);
  let step = 'initialize' as CheckStep;
  const tools: CheckedTool[] = [];
  let listed = false;
  let toolsCut: string | undefined;
  let failure: unknown;
  try {
    toolsCut = await settledUnlessAborted(
      (async () => {
        await client.connect(transport, { signal: stop });
        step = 'tools/list';
        return listTools(client, stop, server.name, tools);
      })(),
      stop,
    );
    listed = true;
  } catch (error) {
    failure = error;
  }
  const latencyMs = Math.round(performance.now() - started);
  fair.clear();
  await transport.close();
  if (options.signal?.aborted === true) throw options.signal.reason;

  const version = client.getServerVersion();
  const result: CheckResult = { status: 'ok', latencyMs };
  if (version !== undefined) result.serverInfo = { name: version.name, version: version.version };
  const cut = cutText(budget, step) ?? toolsCut;
  // A cut list is shown as far as it was read, with the cut saying where it stopped.
  if (listed || (cut !== undefined && step === 'tools/list')) {
    result.tools = [...tools];
    result.tokens = totalTokens(tools);
  }
  if (cut !== undefined) {
    result.status = 'failed';
    result.error = redact(cut, secrets);
  } else if (failure !== undefined) {
    const { status, error } = deadline.aborted
      ? {
          status: 'timeout' as const,
          error: `Timed out after ${seconds(options.timeoutMs)} waiting for the answer to ${step}.`,
        }
      : describeFailure(failure, { step, launch, evidence: connection.evidence() });
    result.status = status;
    result.error = redact(expiryNoted(status, error, options.storedToken), secrets);
    // The keychain launcher says why it did not start the server: that is the failure, not its exit.
    const said = stderr
      .text()
      .split('\n')
      .find((line) => line.startsWith(LAUNCHER_SAYS));
    if (said !== undefined) result.error = said.slice(LAUNCHER_SAYS.length);
  }
  const tail = stderr.text();
  if (tail !== '') result.stderr = tail;
  return result;
}

/** A remote launch with the headers the keychain keeps added; their values kept out of what the check says. */
function withHeaders(prepared: PreparedLaunch, headers: Record<string, string>): PreparedLaunch {
  const { launch, secrets } = prepared;
  if (launch.transport === 'stdio' || Object.keys(headers).length === 0) return prepared;
  return {
    launch: { ...launch, headers: { ...launch.headers, ...headers } },
    secrets: [...secrets, ...Object.values(headers)],
  };
}

/** The launch with `Authorization: Bearer <token>`, unless the entry sets that header itself. */
function withStoredToken(prepared: PreparedLaunch, token: StoredToken | undefined): PreparedLaunch {
  const { launch, secrets } = prepared;
  if (token?.accessToken === undefined || launch.transport === 'stdio') return prepared;
  if (Object.keys(launch.headers).some((name) => name.toLowerCase() === 'authorization')) return prepared;
  return {
    launch: { ...launch, headers: { ...launch.headers, Authorization: `Bearer ${token.accessToken}` } },
    secrets: [...secrets, token.accessToken],
  };
}

/** A refusal of a token past its `expiresAt` says so: Claude Code refreshes it, or the user signs in again. */
function expiryNoted(status: CheckResult['status'], error: string, token: StoredToken | undefined): string {
  if (status !== 'needs-auth' || token?.expiresAt === undefined || token.expiresAt > Date.now()) return error;
  return `${error} The stored access token expired at ${new Date(token.expiresAt).toISOString()} (Claude Code refreshes it when it connects; else sign in again).`;
}

/**
 * Every page of `tools/list` into `tools` (none when the server does not say it has tools), up to
 * the pages and tools a check reads: then the text of that cut.
 */
async function listTools(
  client: Client,
  signal: AbortSignal,
  server: string,
  tools: CheckedTool[],
): Promise<string | undefined> {
  if (client.getServerCapabilities()?.tools === undefined) return undefined;
  let cursor: string | undefined;
  for (let pages = 0; ; pages++) {
    if (pages === MAX_TOOL_PAGES) return tooManyPages;
    // Not `client.listTools`: it also compiles every tool's output schema, which a check never uses.
    // A signal of its own per page: the SDK never removes the abort listener it adds to one.
    const page = await client.request(
      { method: 'tools/list', params: cursor === undefined ? {} : { cursor } },
      ListToolsResultSchema,
      { signal: AbortSignal.any([signal]) },
    );
    for (const tool of page.tools) {
      if (tools.length === MAX_TOOLS) return tooManyTools;
      tools.push(checkedTool(server, tool));
    }
    cursor = page.nextCursor;
    if (cursor === undefined) return undefined;
    if (tools.length === MAX_TOOLS) return tooManyTools;
  }
}

/** What a check answers of one listed tool: its name, title, description and bounded input schema. */
function checkedTool(server: string, tool: ListedTool): CheckedTool {
  const { name, description } = tool;
  const title = tool.title ?? tool.annotations?.title;
  return {
    name,
    ...(title !== undefined && { title }),
    ...(description !== undefined && { description }),
    ...keptInputSchema(tool.inputSchema),
    tokens: toolDefinitionTokens(server, tool),
  };
}

/** `work`, or the signal's reason as soon as it aborts (a transport can wait past any request's signal). */
function settledUnlessAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      reject(signal.reason as Error);
    };
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => {
      signal.removeEventListener('abort', onAbort);
    });
  });
}

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}
