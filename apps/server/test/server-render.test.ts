/**
 * The panel drawn on the server (apps/server/src/http/server-render.ts) is optional: whatever is
 * wrong with the build's entry (missing, a link, a module that does not load, a render that throws
 * or never ends), the page goes out undrawn and the browser draws it. The real entry is drawn in
 * e2e/first-paint.spec.ts (JavaScript off) and hydrated in every browser test.
 */
import Fastify from 'fastify';
import { once } from 'node:events';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createHash } from 'node:crypto';
import { request, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { startServer } from '../src';
import { AFTER_FIRST_PAINT_SCRIPT } from '../src/http/after-first-paint';
import { readInlineStylesheet, withInlineStylesheet } from '../src/http/inline-stylesheet';
import { registerPanel, type PanelOptions } from '../src/http/panel';
import { shellRenderer } from '../src/http/server-render';
import type { FirstReads } from '../src/http/first-reads';
import { SECURITY_HEADERS, securityHeadersOf, shell as testShell } from './http-expectations';
import { httpRequest, TEST_WEB_DIST, useTestWorld, worldEnv } from './support';

const SHELL = '<html><body>\n<div id="root"></div>\n</body></html>';
const reads = {
  info: {},
  list: { projectPath: '/p', servers: [{ name: 'a' }, { name: 'b' }] },
} as unknown as FirstReads;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A build folder whose `ssr/entry-server.mjs` holds `source` (none when undefined). */
function webDistWith(source: string | undefined): string {
  const dist = mkdtempSync(join(tmpdir(), 'mcp-admin-ssr-'));
  dirs.push(dist);
  mkdirSync(join(dist, 'ssr'));
  if (source !== undefined) writeFileSync(join(dist, 'ssr', 'entry-server.mjs'), source);
  return dist;
}

/** A copy of the test build, whose `ssr/entry-server.mjs` holds `entry` when given. */
function testBuildWith(entry?: string): string {
  const dist = mkdtempSync(join(tmpdir(), 'mcp-admin-build-'));
  dirs.push(dist);
  cpSync(TEST_WEB_DIST, dist, { recursive: true });
  if (entry !== undefined) {
    mkdirSync(join(dist, 'ssr'), { recursive: true });
    writeFileSync(join(dist, 'ssr', 'entry-server.mjs'), entry);
  }
  return dist;
}

/** The panel alone on a Fastify of its own, listening; closed when the test ends. */
async function listeningPanel(options: Pick<PanelOptions, 'webDist' | 'firstReads' | 'readsToWarm'>) {
  const app = Fastify();
  await registerPanel(app, { token: 'token', cookieName: () => 'session', ...options });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  onTestFinished(() => app.close());
  return url;
}

describe('the panel drawn on the server', () => {
  it('goes inside the shell’s empty root, drawn from the reads; the rest of the shell is unchanged', async () => {
    const dist = webDistWith(
      'export async function renderPanel(reads) { return `<p>$& ${reads.list.servers.map((s) => s.name).join()}</p>`; }',
    );
    const render = shellRenderer(dist);

    // `$&` stays as written: the HTML is not a replacement pattern.
    expect(await render(SHELL, reads)).toBe(
      '<html><body>\n<div id="root"><p>$& a,b</p></div>\n</body></html>',
    );
    expect(await render('<html><body></body></html>', reads)).toBeUndefined();
  });

  it('holds the shell’s module scripts and modulepreloads in a template, started by the one inline script once the first content is painted; stylesheets, the drawing, and a shell without scripts are left as they are', async () => {
    const render = shellRenderer(
      webDistWith(
        'export async function renderPanel() { return `<p>&lt;script type="module" src="/x.js"&gt;&lt;/script&gt;</p>`; }',
      ),
    );
    const shell =
      '<html><head><title>t</title><script type="module" crossorigin src="/assets/index-A.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/runtime-B.js">' +
      '<link rel="stylesheet" crossorigin href="/assets/index-C.css"></head><body>\n<div id="root"></div>\n</body></html>';

    expect(await render(shell, reads)).toBe(
      '<html><head><title>t</title><template id="after-first-paint">' +
        '<script type="module" crossorigin src="/assets/index-A.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/runtime-B.js"></template>' +
        `<script type="module">${AFTER_FIRST_PAINT_SCRIPT}</script>` +
        '<link rel="stylesheet" crossorigin href="/assets/index-C.css"></head><body>\n' +
        '<div id="root"><p>&lt;script type="module" src="/x.js"&gt;&lt;/script&gt;</p></div>\n</body></html>',
    );
    expect(await render(SHELL, reads)).toBe(
      '<html><body>\n<div id="root"><p>&lt;script type="module" src="/x.js"&gt;&lt;/script&gt;</p></div>\n</body></html>',
    );
  });

  it('leaves the page undrawn when the entry is missing, a link, cannot load, throws, or misses its deadline of a second (stopped, answering a part, or never ending)', async () => {
    const elsewhere = webDistWith('export async function renderPanel() { return "<p>from a link</p>"; }');
    const linked = webDistWith(undefined);
    symlinkSync(join(elsewhere, 'ssr', 'entry-server.mjs'), join(linked, 'ssr', 'entry-server.mjs'));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const outcomes = {
        missing: await shellRenderer(webDistWith(undefined))(SHELL, reads),
        link: await shellRenderer(linked)(SHELL, reads),
        noRenderPanel: await shellRenderer(webDistWith('export const other = 1;'))(SHELL, reads),
        brokenModule: await shellRenderer(webDistWith('export async function ('))(SHELL, reads),
        throws: await shellRenderer(
          webDistWith('export async function renderPanel() { throw new Error("render failed"); }'),
        )(SHELL, reads),
        // Ends only when told to stop.
        stopped: await shellRenderer(
          webDistWith(
            'export function renderPanel(reads, signal) { return new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason))); }',
          ),
        )(SHELL, reads),
        // Answers what it has when told to stop, as React's prerender does when its signal aborts.
        answersAPart: await shellRenderer(
          webDistWith(
            'export function renderPanel(reads, signal) { return new Promise((resolve) => signal.addEventListener("abort", () => resolve("<p>part</p>"))); }',
          ),
        )(SHELL, reads),
        neverEnds: await shellRenderer(
          webDistWith('export function renderPanel() { return new Promise(() => {}); }'),
        )(SHELL, reads),
      };
      expect(outcomes).toStrictEqual({
        missing: undefined,
        link: undefined,
        noRenderPanel: undefined,
        brokenModule: undefined,
        throws: undefined,
        stopped: undefined,
        answersAPart: undefined,
        neverEnds: undefined,
      });
      // Only the module that cannot load is worth a line: the others are a build without it, or one page.
      expect(logged.mock.calls.map(([line]: unknown[]) => line)).toEqual([
        'MCP Admin: the panel cannot be drawn on the server; the browser draws it:',
      ]);
    } finally {
      logged.mockRestore();
    }
  });
});

describe('the signed-in page', () => {
  it('has its drawing loaded as soon as the server listens, before any page asks for it', async () => {
    const loaded = join(tmpdir(), `mcp-admin-loaded-${String(process.pid)}-${String(Date.now())}`);
    onTestFinished(() => {
      rmSync(loaded, { force: true });
    });
    const dist = testBuildWith(
      `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(loaded)}, 'yes');\n` +
        'export async function renderPanel() { return "<p>drawn</p>"; }\n',
    );
    const app = Fastify();
    await registerPanel(app, {
      webDist: dist,
      token: 'token',
      cookieName: () => 'session',
      firstReads: () => undefined,
    });
    expect(existsSync(loaded)).toBe(false);

    await app.listen({ host: '127.0.0.1', port: 0 });
    onTestFinished(() => app.close());

    await vi.waitFor(
      () => {
        expect(existsSync(loaded)).toBe(true);
      },
      { timeout: 5_000, interval: 20 },
    );
  });

  it('draws the first page from the reads to warm as soon as the server listens, before any page asks for it', async () => {
    const drawn = join(tmpdir(), `mcp-admin-drawn-${String(process.pid)}-${String(Date.now())}`);
    onTestFinished(() => {
      rmSync(drawn, { force: true });
    });
    await listeningPanel({
      webDist: testBuildWith(
        `import { appendFileSync } from 'node:fs';\n` +
          `export async function renderPanel(reads) { appendFileSync(${JSON.stringify(drawn)}, reads.list.servers.map((s) => s.name).join() + ';'); return '<p>drawn</p>'; }\n`,
      ),
      firstReads: () => undefined,
      readsToWarm: () => Promise.resolve(reads),
    });

    await vi.waitFor(
      () => {
        expect(existsSync(drawn) ? readFileSync(drawn, 'utf8') : '').toBe('a,b;');
      },
      { timeout: 5_000, interval: 20 },
    );
  });

  it('warms its drawing once: a render after the build’s entry is gone still draws with the module loaded then', async () => {
    const dist = webDistWith('export async function renderPanel() { return "<p>drawn</p>"; }');
    const render = shellRenderer(dist);

    await render.warm();
    rmSync(join(dist, 'ssr'), { recursive: true, force: true });

    expect(await render(SHELL, reads)).toBe(
      '<html><body>\n<div id="root"><p>drawn</p></div>\n</body></html>',
    );
  });

  it('goes out in two parts: the head up to the root, without the module script, before the reads are answered; then the drawn root, the script held behind it, and the reads', async () => {
    let answer: (reads: FirstReads) => void = () => undefined;
    const app = Fastify();
    await registerPanel(app, {
      webDist: TEST_WEB_DIST,
      token: 'token',
      cookieName: () => 'session',
      firstReads: () =>
        new Promise<FirstReads>((resolve) => {
          answer = resolve;
        }),
    });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    // A page left waiting holds the server open.
    onTestFinished(async () => {
      answer(reads);
      await app.close();
    });
    const script = '<script type="module" src="/assets/app.js"></script>';
    const root = testShell.indexOf('<div id="root"></div>');

    const response = await new Promise<IncomingMessage>((resolve) => {
      request(`${url}/`, resolve).end();
    });
    response.setEncoding('utf8');
    let received = '';
    response.on('data', (chunk: string) => {
      received += chunk;
    });
    const ended = once(response, 'end');

    const head = testShell.slice(0, root).replace(script, '');
    await vi.waitFor(() => {
      expect(received).toBe(head);
    });
    answer(reads);
    await ended;
    expect(received.slice(0, head.length)).toBe(head);
    expect(received.slice(head.length).replace(/<script type="application\/json".*?<\/script>/s, '')).toBe(
      testShell
        .slice(root)
        .replace('<div id="root"></div>', '<div id="root"><p>2 servers drawn by the server</p></div>')
        .replace(
          '</body>',
          `<template id="after-first-paint">${script}</template><script type="module">${AFTER_FIRST_PAINT_SCRIPT}</script></body>`,
        ),
    );
  });
  it('is the shell of the build on disk: after a new build replaces index.html, the next page has its head', async () => {
    const dist = testBuildWith();
    const url = await listeningPanel({ webDist: dist, firstReads: () => Promise.resolve(reads) });

    const before = await httpRequest(`${url}/`);
    // Another name and another size, as a new build writes its shell: the page must not keep the old one.
    writeFileSync(join(dist, 'index.html'), testShell.replace('<head>', '<head><title>new build</title>'));
    const after = await httpRequest(`${url}/`);

    expect(before.body).not.toContain('<title>new build</title>');
    expect(after.body).toContain('<title>new build</title>');
    expect(after.body).toContain('<p>2 servers drawn by the server</p>');
  });
});

describe('the signed-in page’s stylesheet', () => {
  const CSS = ':root{color:#123}.row{display:grid}';
  const LINK = '<link rel="stylesheet" crossorigin href="/assets/index-C.css">';
  const hashOf = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;

  /** The test build with `LINK` in its head and `css` (none when undefined) as that file. */
  function webDistWithStylesheet(css: string | undefined, link = LINK): string {
    const dist = mkdtempSync(join(tmpdir(), 'mcp-admin-css-'));
    dirs.push(dist);
    cpSync(TEST_WEB_DIST, dist, { recursive: true });
    writeFileSync(join(dist, 'index.html'), testShell.replace('</head>', `${link}</head>`));
    if (css !== undefined) writeFileSync(join(dist, 'assets', 'index-C.css'), css);
    return dist;
  }

  it('is read once from the build: the link the shell names, the style that replaces it, and the CSP source of that style alone', async () => {
    const inline = await readInlineStylesheet(webDistWithStylesheet(CSS));

    expect(inline).toStrictEqual({ link: LINK, style: `<style>${CSS}</style>`, hash: hashOf(CSS) });
    expect(withInlineStylesheet(`<head><title>t</title>${LINK}</head>`, inline)).toBe(
      `<head><title>t</title><style>${CSS}</style></head>`,
    );
    // A shell that names another stylesheet since (a new build) keeps its link.
    const other = '<head><link rel="stylesheet" crossorigin href="/assets/index-D.css"></head>';
    expect(withInlineStylesheet(other, inline)).toBe(other);
    expect(withInlineStylesheet(other, undefined)).toBe(other);
  });

  it('stays a link when the build has no shell, names no stylesheet of its own, or its file is missing, a link, too big, or would end the style element', async () => {
    const linked = webDistWithStylesheet(undefined);
    symlinkSync(
      join(webDistWithStylesheet(CSS), 'assets', 'index-C.css'),
      join(linked, 'assets', 'index-C.css'),
    );
    const outcomes = {
      noShell: await readInlineStylesheet(webDistWith(undefined)),
      noStylesheet: await readInlineStylesheet(TEST_WEB_DIST),
      elsewhere: await readInlineStylesheet(
        webDistWithStylesheet(CSS, '<link rel="stylesheet" href="https://cdn.example/index-C.css">'),
      ),
      missing: await readInlineStylesheet(webDistWithStylesheet(undefined)),
      link: await readInlineStylesheet(linked),
      tooBig: await readInlineStylesheet(webDistWithStylesheet(`.a{}${' '.repeat(100_000)}`)),
      endsTheElement: await readInlineStylesheet(webDistWithStylesheet('.a{content:"</STYLE><script>"}')),
    };

    expect(outcomes).toStrictEqual({
      noShell: undefined,
      noStylesheet: undefined,
      elsewhere: undefined,
      missing: undefined,
      link: undefined,
      tooBig: undefined,
      endsTheElement: undefined,
    });
  });

  it('goes inline in the head of a signed-in page, allowed by every response’s CSP by its hash; a page for someone not signed in keeps the link', async () => {
    const world = useTestWorld();
    const server = await startServer({ env: worldEnv(world), webDist: webDistWithStylesheet(CSS) });
    onTestFinished(() => server.close());
    const [setCookie = ''] = (await httpRequest(server.signInUrl)).headers['set-cookie'] ?? [];
    const cookie = setCookie.split(';')[0] ?? '';

    const signedIn = await httpRequest(`${server.url}/`, { headers: { cookie, 'sec-fetch-site': 'none' } });
    const signedOut = await httpRequest(`${server.url}/`);
    const other = await httpRequest(`${server.url}/healthz`);

    expect(signedIn.body).toContain(`<style>${CSS}</style></head>`);
    expect(signedIn.body).not.toContain(LINK);
    expect(signedOut.body).toContain(LINK);
    expect(signedOut.body).not.toContain('<style>');
    const withStyle = {
      ...SECURITY_HEADERS,
      'content-security-policy': `${SECURITY_HEADERS['content-security-policy']}; style-src 'self' ${hashOf(CSS)}`,
    };
    expect([signedIn, signedOut, other].map(securityHeadersOf)).toEqual([withStyle, withStyle, withStyle]);
  });
});
