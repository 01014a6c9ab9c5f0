/**
 * `mcp.login`, `mcp.loginPaste`, `mcp.logout`: sign in to an http/sse server with `claude mcp
 * login` (its outcome audited like a change), and sign out with `claude mcp logout`, queued like a
 * change since it rewrites Claude Code's credentials store. `close()` stops every running sign-in.
 */
import { findCheckTarget, isActive, needsConfirmation, unapprovedProjectServer } from '../../check';
import { cliEnvironment, loginArgv, logoutArgv } from '../../cli';
import { credentialKey, readStoredTokens } from '../../config';
import type { ConfigProblem, Server } from '../../config';
import { McpCoreError } from '../../errors';
import { createSignIns } from '../../login';
import type { LoginEvent } from '../../login';
import { loginPasteInputSchema, signInTargetSchema } from '../../schemas';
import type { SignInTarget } from '../../schemas';
import { noServerNamed, withinQueuedReadDeadline } from '../engine';
import type { AuditTrail, EngineContext } from '../engine';

import type { McpAdmin } from '../contract';

type SignInContext = Pick<EngineContext, 'settings' | 'turns' | 'cli' | 'audit' | 'readers'> & {
  /** The CLI to run, its config dir, and how long a person has to sign in. */
  login: { claudeBin: string; configDir: string | undefined; timeoutMs: number };
};

type SignInOperations = Pick<McpAdmin, 'login' | 'loginPaste' | 'logout'> & {
  /** Refuses new sign-ins, stops the running ones and resolves once their processes are gone. */
  close(): Promise<void>;
};

export function createSignIn({
  settings,
  turns,
  cli,
  audit,
  readers,
  login,
}: SignInContext): SignInOperations {
  const { credentialsPath } = settings;
  const signIns = createSignIns({
    bin: login.claudeBin,
    env: cliEnvironment(settings.spawnEnv, login.configDir),
    timeoutMs: login.timeoutMs,
  });

  /**
   * The http/sse entry a sign-in is for, as the CLI picks it: `claude mcp login` has no scope and
   * signs in to the entry of that name Claude Code loads, so a shadowed one is refused. Secrets
   * revealed: the token slot's key is over the real header values.
   */
  async function signInServer(input: SignInTarget, projectPath: string): Promise<Server> {
    const servers = await readers.serversToCheck(projectPath);
    const server =
      input.scope === undefined
        ? loadedEntry(servers, input.name, projectPath)
        : findCheckTarget(servers, { name: input.name, scope: input.scope, source: input.source });
    if (server.transport !== 'http' && server.transport !== 'sse') {
      throw new McpCoreError(
        'INVALID_INPUT',
        `name: "${server.name}" is a ${server.transport} server: only http and sse servers sign in with OAuth`,
      );
    }
    if (server.shadowedBy !== undefined) {
      throw new McpCoreError(
        'INVALID_INPUT',
        `scope: claude mcp login signs in to the "${server.name}" Claude Code loads, the ${server.shadowedBy}-scope entry; this ${server.scope}-scope one is shadowed by it`,
      );
    }
    return server;
  }

  return {
    async login(rawInput, signal) {
      const input = signInTargetSchema.parse(rawInput);
      const projectPath = await readers.existingProject(input.projectPath);
      // Every change is refused under a managed config, and a sign-in changes Claude Code's
      // store. First: under it no entry is loaded, and that is the reason to give.
      await turns.refuseUnderManagedConfig();
      const server = await signInServer(input, projectPath);
      // Claude Code connects to no unapproved .mcp.json server: signing in to one would take the
      // user, and the entry's expanded headers, to a host that a repository named.
      if (needsConfirmation(server)) {
        throw unapprovedProjectServer(
          server,
          'Claude Code does not connect to it, so there is nothing to sign in to. Approve it in Claude Code first.',
        );
      }
      const argv = loginArgv(server.name);
      const events = signIns.start({
        key: credentialKey(server),
        name: server.name,
        argv,
        cwd: projectPath,
        signal,
      });
      return auditedLogin(audit, events, argv);
    },

    async loginPaste(rawInput) {
      const input = loginPasteInputSchema.parse(rawInput);
      await signIns.paste(input.loginId, input.redirectUrl);
      return { ok: true, message: 'The redirect URL was handed to the waiting sign-in.' };
    },

    async logout(rawInput) {
      const input = signInTargetSchema.parse(rawInput);
      const projectPath = await readers.existingProject(input.projectPath);
      // Queued like a change: it rewrites Claude Code's credentials store.
      return turns.change(async () => {
        const server = await withinQueuedReadDeadline(() => signInServer(input, projectPath));
        return cli.run('mcp.logout', logoutArgv(server.name), projectPath, async () => {
          if (credentialsPath === undefined) return;
          const problems: ConfigProblem[] = [];
          const tokens = await readStoredTokens(credentialsPath, problems);
          if (tokens === undefined || tokens.has(credentialKey(server))) {
            throw new McpCoreError(
              'VERIFY_FAILED',
              tokens === undefined
                ? `The CLI reported success, but the sign-out could not be confirmed: ${problems.map(({ message }) => message).join('; ')}`
                : `The CLI reported success, but Claude Code still holds a token for "${server.name}".`,
            );
          }
        });
      });
    },

    close: () => signIns.close(),
  };
}

/** Each sign-in's outcome goes to the audit log like a change's (no token is in it). */
async function* auditedLogin(
  audit: AuditTrail,
  events: AsyncIterable<LoginEvent>,
  argv: string[],
): AsyncGenerator<LoginEvent> {
  for await (const event of events) {
    if (event.state === 'done') {
      await audit.record(
        'mcp.login',
        argv,
        event.ok
          ? { ok: true, message: event.message }
          : { ok: false, code: 'CLI_FAILED', message: event.message },
      );
    }
    yield event;
  }
}

/**
 * The entry of `name` that `claude mcp login NAME` (which takes no scope) signs in to: the one
 * Claude Code loads, never a pending, rejected or disabled row of that name. With none loaded, an
 * unapproved `.mcp.json` entry is returned for the caller's refusal (NEEDS_CONFIRMATION), any other is refused here.
 */
function loadedEntry(servers: readonly Server[], name: string, projectPath: string): Server {
  const named = servers.filter((candidate) => candidate.name === name && !candidate.readOnly);
  const loaded = named.find(isActive) ?? named.find(needsConfirmation);
  if (loaded !== undefined) return loaded;
  const [listed] = named;
  if (listed === undefined) throw noServerNamed(name, 'in local, project or user scope');
  throw new McpCoreError(
    'INVALID_INPUT',
    `name: Claude Code loads no "${name}" in ${projectPath}: the ${listed.scope}-scope one is ${listed.status} (${listed.statusReason}), so there is nothing to sign in to or out of`,
  );
}
