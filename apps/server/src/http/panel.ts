/**
 * The built panel (apps/web/dist) and the sign-in: `/?token=TOKEN` trades the token in the
 * address bar for an HttpOnly cookie and redirects to `/`, so the token leaves the address bar
 * and the browser history. The shell is served without auth; to a signed-in page of this origin
 * it also carries the first reads (./first-reads.ts) and the panel drawn from them
 * (./server-render.ts), so the first rows paint with the page.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { isAbsolute, join, relative } from 'node:path';
import { PassThrough } from 'node:stream';

import { shellWithFirstReads, type FirstReads } from './first-reads';
import { withInlineStylesheet, type InlineStylesheet } from './inline-stylesheet';
import { sendRefusal } from './refusal';
import { tokenMatches } from './request-guards';
import { SERVER_RENDER_DIR, shellParts, shellRenderer, type ShellParts } from './server-render';
import { sessionCookie } from './session-cookie';

export interface PanelOptions {
  /** The Vite build output; when it has no index.html, `/` explains how to build it. */
  webDist: string;
  /** The stylesheet a signed-in page carries in its head (./inline-stylesheet.ts), if any. */
  inlineStylesheet?: InlineStylesheet | undefined;
  token: string;
  cookieName: () => string;
  /** The first reads for this request, or at once undefined when it may not have them (not signed in). */
  firstReads: (request: FastifyRequest) => Promise<FirstReads> | undefined;
  /**
   * The first reads of the page a user opens first, drawn once as the server starts listening: the
   * first drawing after a start takes about 25 ms (its code not yet optimized), and the page opened
   * then, with nothing changed since, reuses it.
   */
  readsToWarm?: () => Promise<FirstReads>;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

const NOT_BUILT =
  'The MCP Admin panel is not built: run `pnpm build` (or `pnpm start`). The API at /trpc works without it.\n';

/**
 * The shell in the parts a signed-in page is sent in, its stylesheet inline, read again only once
 * `index.html` is another file or changed (a new build): a stat per page, not a read and a split,
 * which kept the page's head waiting about 2 ms.
 */
function shellSource(webDist: string, inline: InlineStylesheet | undefined): () => Promise<ShellParts> {
  const path = join(webDist, 'index.html');
  let cached: { stamp: string; parts: ShellParts } | undefined;
  return async () => {
    const stats = await stat(path);
    const stamp = `${String(stats.ino)}:${String(stats.size)}:${String(stats.mtimeMs)}`;
    if (cached?.stamp !== stamp) {
      const { early, rest } = shellParts(await readFile(path, 'utf8'));
      cached = { stamp, parts: { early: withInlineStylesheet(early, inline), rest } };
    }
    return cached.parts;
  };
}

export async function registerPanel(app: FastifyInstance, options: PanelOptions): Promise<void> {
  const hasShell = existsSync(join(options.webDist, 'index.html'));
  const renderShell = shellRenderer(options.webDist);
  const readShell = shellSource(options.webDist, options.inlineStylesheet);
  if (hasShell) {
    // Once the port is bound (the start line is not kept waiting), before the user's browser asks.
    app.addHook('onListen', (done) => {
      void renderShell
        .warm()
        .then(async () => {
          if (options.readsToWarm === undefined) return;
          const [reads, { rest }] = await Promise.all([options.readsToWarm(), readShell()]);
          await renderShell(rest, reads);
        })
        .catch(() => undefined);
      done();
    });
    await app.register(fastifyStatic, {
      root: options.webDist,
      index: false,
      cacheControl: false,
      // The server's own code for drawing the panel is not the browser's to fetch.
      allowedPath: (pathName) => !pathName.startsWith(`/${SERVER_RENDER_DIR}/`),
      // Vite names each file under assets/ by its content's hash: a name never changes content, so
      // a reload takes them from the browser's cache; any other file is asked again each time (the
      // shell sets its own `no-store`).
      setHeaders: (reply, path) => {
        if (reply.hasHeader('cache-control')) return;
        const underAssets = relative(join(options.webDist, 'assets'), path);
        const hashed = !underAssets.startsWith('..') && !isAbsolute(underAssets);
        reply.header('cache-control', hashed ? IMMUTABLE : 'no-cache');
      },
    });
  }

  const sendShell = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    if (!hasShell) return reply.code(404).type('text/plain; charset=utf-8').send(NOT_BUILT);
    const reading = options.firstReads(request);
    if (reading === undefined) {
      return reply.header('cache-control', 'no-store').sendFile('index.html', { cacheControl: false });
    }
    const { early, rest } = await readShell();
    // The head goes out before the reads and the drawing are done (./server-render.ts says why).
    const page = new PassThrough();
    page.write(early);
    const finish = async (): Promise<string> => {
      const reads = await reading.catch(() => undefined);
      // Without them the panel asks for the same reads itself, and shows what fails.
      if (reads === undefined) return rest;
      return shellWithFirstReads((await renderShell(rest, reads)) ?? rest, reads);
    };
    void finish()
      .catch(() => rest)
      .then((tail) => {
        // A page whose browser went away has nothing left to send to.
        if (!page.destroyed) page.end(tail);
      });
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
  };

  app.get('/', (request: FastifyRequest<{ Querystring: { token?: unknown } }>, reply) => {
    const { token } = request.query;
    if (typeof token === 'string' && tokenMatches(token, options.token)) {
      return reply.header('set-cookie', sessionCookie(options.cookieName(), token)).redirect('/', 302);
    }
    return sendShell(request, reply);
  });

  // Client-side routes get the shell; a path that names a file (has an extension) or the API does not.
  app.setNotFoundHandler((request, reply) => {
    const { pathname } = new URL(request.url, 'http://localhost');
    const isPanelRoute =
      (request.method === 'GET' || request.method === 'HEAD') &&
      pathname !== '/trpc' &&
      !pathname.startsWith('/trpc/') &&
      !/\.[^/]*$/.test(pathname);
    return isPanelRoute ? sendShell(request, reply) : sendRefusal(reply, 'NOT_FOUND', `no route ${pathname}`);
  });
}
