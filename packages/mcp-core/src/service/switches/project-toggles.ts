/**
 * `mcp.disableInProject` / `mcp.enableInProject`: Claude Code's own per-project off, the one
 * `/mcp` makes (`projects[<key>].disabledMcpServers` of `.claude.json`), written by Claude Code
 * itself through its control protocol (`mcp_toggle`), never by hand. For user-scope and read-only
 * (plugin, managed) servers: the toggle goes by name, so a local or project entry of that name
 * would be turned off with it and has the lasting switch instead. Checked before any process
 * starts, queued with every other change, read back, audited, and recorded with its undo (the
 * toggle back). Proven against the real CLI in packages/mcp-core/test/service/switches/project-toggles.test.ts.
 */
import { cliEnvironment, controlArgv, toggleMcpServer } from '../../cli';
import type { ControlOutcome, ControlSessionOptions, McpToggleRequest } from '../../cli';
import { readProjectToggles } from '../../config';
import type { Server } from '../../config';
import { isMcpCoreError, McpCoreError } from '../../errors';
import { projectToggleInputSchema } from '../../schemas';
import {
  describedChange,
  failureOutcome,
  nothingToChange,
  noServerNamed,
  plannedChange,
  readBack,
  runPlannedChange,
  withinQueuedReadDeadline,
} from '../engine';
import type { EngineContext, Landed, MutationResult } from '../engine';
import { refuseUndoInGoneDir } from '../history';
import type { ChangeProcedure, MovesOf, RecordedChange, RecordOf, UndoRegistry } from '../history';

import type { McpAdmin } from '../contract';

type ProjectToggleContext = Pick<EngineContext, 'settings' | 'readers' | 'turns' | 'audit'> & {
  recordedChange: RecordedChange;
  /** Where the toggle back of a recorded toggle is registered. */
  undoers: UndoRegistry;
  /** The CLI whose control protocol writes the toggle, its config dir, and the lock that names its session. */
  control: {
    claudeBin: string;
    configDir: string | undefined;
    beforeSpawn?: ControlSessionOptions['beforeSpawn'];
  };
};

const TOGGLED_SCOPES: ReadonlySet<Server['scope']> = new Set(['user', 'plugin', 'managed']);

/** Statuses in which Claude Code does not see the server at all: its toggle would not find it. */
const UNSEEN: Partial<Record<Server['status'], string>> = {
  disabled: 'is turned off everywhere (Enabled): turn it on first',
  blocked: 'is blocked by policy, so Claude Code does not load it in any project',
  overridden: 'is ignored while a managed-mcp.json has exclusive control',
};

export function createProjectToggles({
  settings,
  readers,
  turns,
  audit,
  recordedChange,
  undoers,
  control,
}: ProjectToggleContext): Pick<McpAdmin, 'disableInProject' | 'enableInProject'> {
  const { configPath } = settings;
  const controlSession = {
    bin: control.claudeBin,
    env: cliEnvironment(settings.spawnEnv, control.configDir),
    timeoutMs: settings.cliTimeoutMs,
    beforeSpawn: control.beforeSpawn,
  };

  /** The row the toggle acts on, or a 400 naming the field (a 404 for a name nobody lists). */
  async function toggledServer(name: string, projectPath: string): Promise<Server> {
    const listed = await readers.list(projectPath, false);
    const named = listed.servers.filter((server) => server.name === name);
    if (named.length === 0) {
      throw noServerNamed(name, `in ${projectPath}`);
    }
    const written = named.find((server) => !TOGGLED_SCOPES.has(server.scope));
    if (written !== undefined) {
      throw new McpCoreError(
        'INVALID_INPUT',
        `name: "${name}" is a ${written.scope}-scope server in ${projectPath}: the per-project toggle is for user-scope and read-only (plugin, managed) servers; turn it off with its Enabled switch`,
      );
    }
    const [server] = named as [Server];
    const unseen = UNSEEN[server.status];
    if (unseen !== undefined) throw new McpCoreError('INVALID_INPUT', `name: "${name}" ${unseen}`);
    return server;
  }

  /**
   * The session's request. A user server is toggled in a session that starts no MCP server; a
   * plugin's or a managed one is found only in a session that starts what Claude Code would,
   * `.mcp.json` servers the user's settings approve included: only in a folder the user trusted.
   */
  async function requestFor(
    scope: Server['scope'],
    name: string,
    projectPath: string,
    disabled: boolean,
  ): Promise<McpToggleRequest> {
    const request = { cwd: projectPath, serverName: name, enabled: !disabled };
    if (scope === 'user') return { ...request, mcpServersAtStart: false };
    const { trusted, projectKey } = await withinQueuedReadDeadline(() =>
      readProjectToggles(configPath, projectPath),
    );
    if (!trusted) {
      throw new McpCoreError(
        'INVALID_INPUT',
        `name: "${name}" is a ${scope} server, which Claude Code's toggle finds only in a session that also starts the project's .mcp.json servers; MCP Admin starts none in a folder nobody trusted (projects[${JSON.stringify(projectKey)}].hasTrustDialogAccepted is not true in ${configPath}). Run claude in ${projectKey} once and trust the folder, or use /mcp there.`,
      );
    }
    return { ...request, mcpServersAtStart: true };
  }

  /**
   * One toggle, and what it wrote, read back. A session that timed out or ended without answering
   * may have written the toggle first: what is stored decides.
   */
  async function toggleInto(
    procedure: ChangeProcedure,
    scope: Server['scope'],
    name: string,
    projectPath: string,
    disabled: boolean,
  ): Promise<Landed<MovesOf<'toggle'>>> {
    const request = await requestFor(scope, name, projectPath, disabled);
    const argv = controlArgv(request);
    const words = `mcp_toggle "${name}" ${disabled ? 'off' : 'on'} in ${projectPath}`;
    let outcome: ControlOutcome | McpCoreError;
    try {
      outcome = await toggleMcpServer(controlSession, request);
    } catch (error) {
      if (!isSessionFault(error)) {
        await audit.record(procedure, argv, failureOutcome(error));
        throw error;
      }
      outcome = error;
    }
    const fault = outcome instanceof McpCoreError ? outcome : undefined;
    // Read back whatever Claude Code answered: what it wrote is what landed.
    const found = await readBack(
      () => withinQueuedReadDeadline(() => readProjectToggles(configPath, projectPath)),
      (toggles) => toggles.disabled.includes(name) === disabled,
    );
    if (found.landed === 'unknown') {
      await audit.record(procedure, argv, failureOutcome(fault ?? found.error));
      throw fault ?? found.error;
    }
    const after = found.stored;
    const where = `projects[${JSON.stringify(after.projectKey)}].disabledMcpServers of ${configPath}`;
    // Claude Code saves the toggle first, then (dis)connects the server in its session and answers
    // with how that went: a server that fails to connect is still turned on.
    if (found.landed === 'no') {
      const stored = `"${name}" is ${disabled ? 'not' : 'still'} in ${where}.`;
      const failure =
        outcome instanceof McpCoreError
          ? new McpCoreError(outcome.code, `${outcome.message} Nothing changed: ${stored}`, {
              cause: outcome,
            })
          : outcome.ok
            ? new McpCoreError('VERIFY_FAILED', `Claude Code answered the toggle, but ${stored}`)
            : new McpCoreError('CLI_FAILED', outcome.message);
      await audit.record(procedure, argv, failureOutcome(failure));
      throw failure;
    }
    const message = disabled
      ? `"${name}" is off in this project only (${after.projectKey}), as Claude Code's /mcp turns it off.`
      : `"${name}" is on again in this project (${after.projectKey}).`;
    const said =
      outcome instanceof McpCoreError
        ? `${outcome.message} The toggle had landed: "${name}" is ${disabled ? '' : 'no longer '}in ${where}.`
        : outcome.ok
          ? undefined
          : `Claude Code's session then said: ${outcome.message}`;
    const auditWarning = await audit.record(procedure, argv, {
      ok: true,
      message: [`${words}: ${message}`, said].filter((text) => text !== undefined).join(' '),
    });
    const warning = [said, auditWarning].filter((text) => text !== undefined).join('\n');
    const result: MutationResult = warning === '' ? { ok: true, message } : { ok: true, message, warning };
    return { ok: true, result, moves: { toggle: { configPath, projectKey: after.projectKey, disabled } } };
  }

  /** The per-project off (`disabled`) or on again of one server, described to the engine. */
  const toggleInProject = (disabled: boolean) => {
    const procedure = disabled ? 'mcp.disableInProject' : 'mcp.enableInProject';
    return describedChange(
      { turns, readers },
      {
        input: projectToggleInputSchema,
        // The server the toggle is of is found before the turn, with the project.
        project: async (input, existingProject) => {
          const projectPath = await existingProject(input.projectPath);
          return { projectPath, server: await toggledServer(input.name, projectPath) };
        },
        change: ({ name }, { projectPath, server }) =>
          plannedChange({
            record: recordedChange<'toggle'>,
            plan: async () => {
              const now = await withinQueuedReadDeadline(() => readProjectToggles(configPath, projectPath));
              if (now.disabled.includes(name) === disabled) {
                const state = disabled ? 'off' : 'on';
                return nothingToChange({
                  ok: true,
                  message: `Nothing to change: "${name}" is already ${state} in this project.`,
                });
              }
              const place = { name, scope: server.scope, projectPath };
              return { subject: { kind: 'toggle', procedure, place } as const };
            },
            // Claude Code toggles it; undone by the toggle back.
            steps: () => toggleInto(procedure, server.scope, name, projectPath, disabled),
          }),
      },
    );
  };

  /** The toggle back, refused when the project's toggle was changed since (by `/mcp`, say). */
  async function undo(change: RecordOf<'toggle'>): Promise<MutationResult> {
    const { toggle, name, scope, projectPath } = change;
    if (toggle === undefined || projectPath === undefined) {
      throw new TypeError(`the toggle of "${name}" recorded no project`);
    }
    await refuseUndoInGoneDir(projectPath, name);
    const now = await withinQueuedReadDeadline(() => readProjectToggles(configPath, projectPath));
    if (now.projectKey !== toggle.projectKey) {
      throw new McpCoreError(
        'CHANGED_SINCE',
        `Cannot undo: ${projectPath} now belongs to the project ${now.projectKey}, not ${toggle.projectKey}.`,
      );
    }
    if (now.disabled.includes(name) !== toggle.disabled) {
      throw new McpCoreError(
        'CHANGED_SINCE',
        `Cannot undo: "${name}" was turned ${toggle.disabled ? 'on' : 'off'} in ${toggle.projectKey} since (with Claude Code's /mcp?).`,
      );
    }
    const back = !toggle.disabled;
    const procedure = back ? 'mcp.disableInProject' : 'mcp.enableInProject';
    return runPlannedChange(
      plannedChange({
        record: recordedChange<'toggle'>,
        plan: () =>
          Promise.resolve({
            subject: {
              kind: 'toggle',
              procedure,
              place: { name, scope, projectPath },
              undoes: change.id,
            } as const,
          }),
        // Claude Code toggles it back.
        steps: () => toggleInto(procedure, scope, name, projectPath, back),
      }),
    );
  }

  undoers.register('toggle', undo);

  return {
    disableInProject: toggleInProject(true),
    enableInProject: toggleInProject(false),
  };
}

/** A session that started but timed out or ended without answering: the toggle may have landed. */
function isSessionFault(error: unknown): error is McpCoreError {
  return isMcpCoreError(error) && (error.code === 'CLI_TIMEOUT' || error.code === 'CLI_FAILED');
}
