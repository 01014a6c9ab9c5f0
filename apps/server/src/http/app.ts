/**
 * The HTTP face of MCP Admin: security guards and headers on every request, tRPC at /trpc
 * behind the token, /healthz, and the panel.
 */
import type { AppRouter } from '@mcp-admin/api';
import {
  appRouter,
  createApiContext,
  createCaller,
  namesChangingProcedure,
  OTHER_ORIGIN_REFUSAL,
} from '@mcp-admin/api';
import type { McpAdmin } from '@mcp-admin/core';
import { isMcpCoreError } from '@mcp-admin/core';
import type { FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';

import type { ConnectionLimits } from './connection-limits';
import { serverTimeoutOptions, trackConnections } from './connection-limits';
import { stuckWork } from './health';
import { MAX_PROCEDURE_PATH_LENGTH, procedurePathTooLong, refuseLongProcedurePath } from './procedure-path';
import { sendRefusal } from './refusal';
import { registerPanel } from './panel';
import { revalidated } from './revalidation';
import { INSTANCE_HEADER } from './running-instance';
import { allowedHostHeaders, bearerToken, isSameOrigin, tokenMatches } from './request-guards';
import { readInlineStylesheet } from './inline-stylesheet';
import { securityHeaders } from './security-headers';
import { readCookie, sessionCookieName } from './session-cookie';

export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Any method but these may change something, whatever it names. A GET can too (a sign-in or a
 * check-all is a subscription): those are refused by the procedure the URL names.
 */
const SAFE_METHODS = new Set(['GET', 'HEAD']);

export interface HttpAppOptions {
  admin: McpAdmin;
  /** The bind address: it decides which Host headers are this server. */
  host: string;
  token: string;
  webDist: string;
  connectionLimits: ConnectionLimits;
  /** Answered by `/healthz` in MCP-Admin-Instance, for a second start to know this one (running-instance.ts). */
  instance?: string | undefined;
  /**
   * Draw the first page as the server starts listening (./panel.ts `readsToWarm`). Only where the
   * start already asked for the panel info: its `claude --version` is kept, so warming spawns nothing.
   */
  warmFirstPage?: boolean;
}

export async function buildHttpApp({
  admin,
  host,
  token,
  webDist,
  connectionLimits,
  instance,
  warmFirstPage = false,
}: HttpAppOptions): Promise<FastifyInstance> {
  // A signed-in page carries the panel's stylesheet, which the CSP allows by its hash.
  const inlineStylesheet = await readInlineStylesheet(webDist);
  const headers = securityHeaders(inlineStylesheet?.hash);
  const app = Fastify({
    bodyLimit: BODY_LIMIT_BYTES,
    logger: false,
    ...serverTimeoutOptions(connectionLimits),
    routerOptions: { maxParamLength: MAX_PROCEDURE_PATH_LENGTH },
    // Fastify refuses a URL it cannot route before any hook runs: the guards go first here too,
    // and the security headers are set by hand.
    frameworkErrors: (error, request, reply) => {
      reply.headers(headers);
      if (refusedByGuards(request, reply)) return;
      if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') refuseLongProcedurePath(reply);
      else sendRefusal(reply, 'BAD_REQUEST', 'the request URL is malformed');
    },
  });
  const connections = trackConnections(app.server, connectionLimits);

  // Host names and the cookie name hold the port, known only once bound (MCP_ADMIN_PORT=0).
  let hostHeaders = new Set<string>();
  let cookieName = '';
  app.addHook('onListen', () => {
    const { port } = app.server.address() as AddressInfo;
    hostHeaders = allowedHostHeaders(host, port);
    cookieName = sessionCookieName(port);
  });

  app.addHook('onSend', async (_request, reply) => {
    reply.headers(headers);
  });

  // Called once the Host is known to name this server.
  function fromOtherOrigin(request: FastifyRequest): boolean {
    return !isSameOrigin(request.headers, (request.headers.host ?? '').toLowerCase());
  }

  /** Refuses a request with a foreign Host, or a change from another origin; true when it did. */
  function refusedByGuards(request: FastifyRequest, reply: FastifyReply): boolean {
    const hostHeader = (request.headers.host ?? '').toLowerCase();
    if (!hostHeaders.has(hostHeader)) {
      sendRefusal(reply, 'FORBIDDEN', `Host "${hostHeader}" does not name this server`);
      return true;
    }
    if (!SAFE_METHODS.has(request.method) && fromOtherOrigin(request)) {
      sendRefusal(reply, 'FORBIDDEN', OTHER_ORIGIN_REFUSAL);
      return true;
    }
    return false;
  }

  app.addHook('onRequest', async (request, reply) => {
    if (refusedByGuards(request, reply)) return reply;
    if (procedurePathTooLong(request.url)) return refuseLongProcedurePath(reply);
  });

  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendRefusal(
        reply,
        'PAYLOAD_TOO_LARGE',
        `request bodies are limited to ${BODY_LIMIT_BYTES} bytes`,
      );
    }
    return reply.send(error);
  });

  app.addHook('onClose', () => admin.close());

  // An open event stream is an in-flight request that never ends by itself: end them all before
  // the server waits for in-flight requests to finish.
  const closing = new AbortController();
  app.addHook('preClose', (done) => {
    closing.abort();
    connections.closeWhenAnswered();
    done();
  });

  app.get('/healthz', async (_request, reply) => {
    const stuck = await stuckWork(admin);
    if (instance !== undefined) void reply.header(INSTANCE_HEADER, instance);
    return reply
      .code(stuck === undefined ? 200 : 503)
      .type('text/plain; charset=utf-8')
      .send(stuck ?? 'ok');
  });

  await app.register(
    async (api) => {
      api.addHook('onRequest', async (request, reply) => {
        // The route parameter is the path tRPC's adapter resolves, so no spelling of the URL escapes.
        const { path } = request.params as { path?: string };
        if (path !== undefined && namesChangingProcedure(path) && fromOtherOrigin(request)) {
          return sendRefusal(reply, 'FORBIDDEN', OTHER_ORIGIN_REFUSAL);
        }
        const presented =
          bearerToken(request.headers.authorization) ?? readCookie(request.headers.cookie, cookieName);
        if (!tokenMatches(presented, token)) {
          return sendRefusal(
            reply,
            'UNAUTHORIZED',
            'not signed in: open the address MCP Admin printed at start, or send "Authorization: Bearer <token>"',
          );
        }
        reply.header('cache-control', 'no-store');
      });
      api.addHook('onSend', async (request, reply, payload) => revalidated(request, reply, payload));
      await api.register(fastifyTRPCPlugin, {
        trpcOptions: {
          router: appRouter,
          createContext: ({ req }) =>
            createApiContext({ admin, closing: closing.signal, fromOtherOrigin: fromOtherOrigin(req) }),
          // An event stream's connection is not kept alive: once the stream has ended, an idle
          // kept-alive socket would hold a closing server open until the client drops it.
          responseMeta: ({ type }) => (type === 'subscription' ? { headers: { connection: 'close' } } : {}),
          // The core's failures are answers to the caller; anything else is a fault worth a log line.
          onError({ error, path }) {
            if (error.code === 'INTERNAL_SERVER_ERROR' && !isMcpCoreError(error.cause)) {
              console.error(`MCP Admin: ${path ?? 'request'} failed:`, error.cause ?? error);
            }
          },
        },
      } satisfies FastifyTRPCPluginOptions<AppRouter>);
    },
    { prefix: '/trpc' },
  );

  /** As `system.info` and `mcp.list` answer them, secrets masked (./first-reads.ts). */
  const readFirstReads = async () => {
    const caller = createCaller(createApiContext({ admin, closing: closing.signal, fromOtherOrigin: false }));
    const [info, list] = await Promise.all([caller.system.info(), caller.mcp.list({ reveal: false })]);
    return { info, list };
  };
  await registerPanel(app, {
    webDist,
    inlineStylesheet,
    token,
    cookieName: () => cookieName,
    // As /trpc would answer this page: only with the session, and only to this origin's own page.
    firstReads: (request) => {
      const signedIn = tokenMatches(readCookie(request.headers.cookie, cookieName), token);
      if (!signedIn || fromOtherOrigin(request)) return undefined;
      return readFirstReads();
    },
    readsToWarm: warmFirstPage ? readFirstReads : undefined,
  });
  return app;
}
