/**
 * The audited CLI call every change of Claude Code's config is made of: `{ ok: false }` becomes
 * CLI_FAILED, then `verify` confirms the change landed, and the outcome goes to the audit log. The
 * change's outcome wins over the audit: a log that cannot be written is a warning on a landed
 * change and never replaces the error of a failed one.
 */
import type { CliCommand, CliRunner, CliVersionCache } from '../../cli';
import { errorText } from '../../error-text';
import { McpCoreError, isMcpCoreError } from '../../errors';
import { failureOutcome } from './audit-log';
import type { AuditLog, AuditOutcome } from './audit-log';
import { withinQueuedReadDeadline } from './queued-read';
import type { MutationResult } from './change-result';

export interface AuditTrail {
  readonly path: string;
  /** Appends one record; returns the warning (also logged) when the log cannot be written. */
  record(procedure: string, command: CliCommand, outcome: AuditOutcome): Promise<string | undefined>;
  /** Runs a change's step that is no CLI call (a file MCP Admin writes); a failure is audited, then thrown on. */
  failureAudited<T>(procedure: string, step: () => Promise<T>): Promise<T>;
  /** The answer of a change that landed, audited; a log that cannot be written is its warning. */
  succeeded(procedure: string, message: string): Promise<MutationResult>;
}

export function createAuditTrail(log: AuditLog, logWarning: (message: string) => void): AuditTrail {
  const trail: AuditTrail = {
    path: log.path,
    async record(procedure, command, outcome) {
      try {
        await log.append(procedure, command, outcome);
        return undefined;
      } catch (error) {
        const warning = `The change was not recorded in ${log.path}: ${errorText(error)}`;
        logWarning(warning);
        return warning;
      }
    },
    async failureAudited(procedure, step) {
      try {
        return await step();
      } catch (error) {
        await trail.record(procedure, [], failureOutcome(error));
        throw error;
      }
    },
    async succeeded(procedure, message) {
      const warning = await trail.record(procedure, [], { ok: true, message });
      return warning === undefined ? { ok: true, message } : { ok: true, message, warning };
    },
  };
  return trail;
}

export interface AuditedCli {
  /** One audited CLI call in `cwd`, then `verify` (bounded like every queued read); throws what failed. */
  run(
    procedure: string,
    command: CliCommand,
    cwd: string,
    verify: () => Promise<void>,
  ): Promise<MutationResult>;
  /** The CLI's path and `--version`, or why it cannot be run. */
  version(): Promise<{ path: string; version: string } | { error: string }>;
}

export function createAuditedCli(
  runner: CliRunner,
  versions: CliVersionCache,
  audit: AuditTrail,
): AuditedCli {
  return {
    async run(procedure, command, cwd, verify) {
      let message: string;
      try {
        const outcome = await runner.run(command, { cwd });
        if (!outcome.ok) throw new McpCoreError('CLI_FAILED', outcome.message);
        await confirmLanded(verify);
        message = outcome.message;
      } catch (error) {
        await audit.record(procedure, command, failureOutcome(error));
        throw error;
      }
      const warning = await audit.record(procedure, command, { ok: true, message });
      return warning === undefined ? { ok: true, message } : { ok: true, message, warning };
    },

    async version() {
      try {
        const outcome = await versions.current();
        return outcome.ok ? { path: runner.bin, version: outcome.message } : { error: outcome.message };
      } catch (error) {
        return { error: errorText(error) };
      }
    },
  };
}

/** The read-back: a config that cannot be read leaves the change unconfirmed, said as such. */
async function confirmLanded(verify: () => Promise<void>): Promise<void> {
  try {
    await withinQueuedReadDeadline(verify);
  } catch (error) {
    if (!isMcpCoreError(error) || error.code !== 'CONFIG_UNREADABLE') throw error;
    throw new McpCoreError(
      'VERIFY_FAILED',
      `The CLI reported success, but the change could not be confirmed: ${error.message}`,
      { cause: error },
    );
  }
}
