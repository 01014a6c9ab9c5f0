import type { ConfigChange } from '@mcp-admin/core';
import {
  addServerInputSchema,
  applyProfileInputSchema,
  deleteProfileInputSchema,
  saveProfileInputSchema,
  checkAllInputSchema,
  checkServerInputSchema,
  exportInputSchema,
  historyInputSchema,
  importInputSchema,
  importSourceInputSchema,
  listServersInputSchema,
  loginPasteInputSchema,
  logsInputSchema,
  contextCostInputSchema,
  lastCheckInputSchema,
  projectToggleInputSchema,
  registrySearchInputSchema,
  registryServerInputSchema,
  removeServerInputSchema,
  signInTargetSchema,
  undoInputSchema,
  updateServerInputSchema,
  keptSecretsInputSchema,
  resetChoicesInputSchema,
  permissionsInputSchema,
  setPermissionInputSchema,
  sessionsInputSchema,
  switchServerInputSchema,
  watchInputSchema,
} from '@mcp-admin/core/schemas';
import type { TRPCRouterRecord } from '@trpc/server';
import { tracked, TRPCError } from '@trpc/server';

import { changingProcedure, publicProcedure } from '../trpc';

// A changingProcedure changes something or starts a process: another origin may not call it.
export const mcpRouter = {
  projects: publicProcedure.query(({ ctx }) => ctx.admin.projects()),
  list: publicProcedure.input(listServersInputSchema).query(({ ctx, input }) => ctx.admin.list(input)),
  add: changingProcedure.input(addServerInputSchema).mutation(({ ctx, input }) => ctx.admin.add(input)),
  remove: changingProcedure
    .input(removeServerInputSchema)
    .mutation(({ ctx, input }) => ctx.admin.remove(input)),
  update: changingProcedure
    .input(updateServerInputSchema)
    .mutation(({ ctx, input }) => ctx.admin.update(input)),
  secretsToKeychain: changingProcedure
    .input(keptSecretsInputSchema)
    .mutation(({ ctx, input }) => ctx.admin.secretsToKeychain(input)),
  secretsFromKeychain: changingProcedure
    .input(keptSecretsInputSchema)
    .mutation(({ ctx, input }) => ctx.admin.secretsFromKeychain(input)),
  logs: publicProcedure.input(logsInputSchema).query(({ ctx, input }) => ctx.admin.logs(input)),
  contextCost: publicProcedure
    .input(contextCostInputSchema)
    .query(({ ctx, input }) => ctx.admin.contextCost(input)),
  // One entry's kept check, as a check answers: its sheet shows it without checking again.
  lastCheck: publicProcedure
    .input(lastCheckInputSchema)
    .query(({ ctx, input }) => ctx.admin.lastCheck(input)),
  // The running Claude Code sessions (from their session files, proved alive): who misses a change.
  sessions: publicProcedure.input(sessionsInputSchema).query(({ ctx, input }) => ctx.admin.sessions(input)),
  history: publicProcedure.input(historyInputSchema).query(({ ctx, input }) => ctx.admin.history(input)),
  undo: changingProcedure.input(undoInputSchema).mutation(({ ctx, input }) => ctx.admin.undo(input)),
  disable: changingProcedure
    .input(switchServerInputSchema)
    .mutation(({ ctx, input }) => ctx.admin.disable(input)),
  enable: changingProcedure
    .input(switchServerInputSchema)
    .mutation(({ ctx, input }) => ctx.admin.enable(input)),
  // Claude Code's own per-project off (`/mcp`), written by Claude Code through its control protocol.
  disableInProject: changingProcedure
    .input(projectToggleInputSchema)
    .mutation(({ ctx, input }) => ctx.admin.disableInProject(input)),
  enableInProject: changingProcedure
    .input(projectToggleInputSchema)
    .mutation(({ ctx, input }) => ctx.admin.enableInProject(input)),
  resetChoices: changingProcedure
    .input(resetChoicesInputSchema)
    .mutation(({ ctx, input }) => ctx.admin.resetChoices(input)),
  // Claude Code's permission rules for MCP tools; a change is recorded with undo like the others.
  permissions: publicProcedure
    .input(permissionsInputSchema)
    .query(({ ctx, input }) => ctx.admin.permissions(input)),
  setPermission: changingProcedure
    .input(setPermissionInputSchema)
    .mutation(({ ctx, input }) => ctx.admin.setPermission(input)),
  // Profiles: named sets of servers; applying one is a single recorded change of many switches.
  profiles: publicProcedure.query(({ ctx }) => ctx.admin.profiles()),
  saveProfile: changingProcedure
    .input(saveProfileInputSchema)
    .mutation(({ ctx, input }) => ctx.admin.saveProfile(input)),
  deleteProfile: changingProcedure
    .input(deleteProfileInputSchema)
    .mutation(({ ctx, input }) => ctx.admin.deleteProfile(input)),
  applyProfile: changingProcedure
    .input(applyProfileInputSchema)
    .mutation(({ ctx, input }) => ctx.admin.applyProfile(input)),
  // Ends when the client goes away or the server closes.
  events: publicProcedure.input(watchInputSchema).subscription(async ({ ctx, input, signal }) => {
    return trackedChanges(await ctx.admin.watch(input, untilGone(signal, ctx.closing)));
  }),
  // Neither is queued with the changes: a check changes nothing (the service bounds how many run).
  check: changingProcedure.input(checkServerInputSchema).mutation(async ({ ctx, input, signal }) => {
    const until = untilGone(signal, ctx.closing);
    try {
      return await ctx.admin.check(input, until);
    } catch (error) {
      // Nobody waits for this answer any more: not a fault worth a log line.
      if (!until.aborted) throw error;
      throw new TRPCError({
        code: 'CLIENT_CLOSED_REQUEST',
        message: 'The check was stopped: its client went away or the server is closing.',
        cause: error,
      });
    }
  }),
  checkAll: changingProcedure
    .input(checkAllInputSchema)
    .subscription(({ ctx, input, signal }) => ctx.admin.checkAll(input, untilGone(signal, ctx.closing))),

  // OAuth sign-in, not queued: it waits minutes for a person. Stopped when its client goes away.
  login: changingProcedure
    .input(signInTargetSchema)
    .subscription(({ ctx, input, signal }) => ctx.admin.login(input, untilGone(signal, ctx.closing))),
  loginPaste: changingProcedure
    .input(loginPasteInputSchema)
    .mutation(({ ctx, input }) => ctx.admin.loginPaste(input)),
  logout: changingProcedure.input(signInTargetSchema).mutation(({ ctx, input }) => ctx.admin.logout(input)),

  // Import and export. A source document is asked for by the path importSources listed; the
  // service reads no other file for it.
  import: changingProcedure
    .input(importInputSchema)
    .mutation(({ ctx, input }) => ctx.admin.importServers(input)),
  importSources: publicProcedure.query(({ ctx }) => ctx.admin.importSources()),
  importSource: publicProcedure
    .input(importSourceInputSchema)
    .query(({ ctx, input }) => ctx.admin.importSource(input)),
  export: publicProcedure.input(exportInputSchema).query(({ ctx, input }) => ctx.admin.exportServers(input)),

  // The MCP registry (Discover): reads only; adding a found server is an ordinary `add`.
  registrySearch: publicProcedure
    .input(registrySearchInputSchema)
    .query(({ ctx, input }) => ctx.admin.registrySearch(input)),
  registryServer: publicProcedure
    .input(registryServerInputSchema)
    .query(({ ctx, input }) => ctx.admin.registryServer(input)),
} satisfies TRPCRouterRecord;

/** Aborts when the request's client goes away or the server starts to close. */
function untilGone(request: AbortSignal | undefined, closing: AbortSignal): AbortSignal {
  return request === undefined ? closing : AbortSignal.any([request, closing]);
}

/** Each change with its version as the event id: a reconnecting client sends it back as `lastEventId`. */
async function* trackedChanges(changes: AsyncIterable<ConfigChange>) {
  for await (const { version, ...change } of changes) yield tracked(version, change);
}
