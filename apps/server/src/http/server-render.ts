/**
 * The panel drawn on the server: the build's `ssr/entry-server.mjs` (apps/web/src/entry-server.tsx)
 * turns a signed-in page's first reads into the HTML of the panel's first render, which goes inside
 * the shell's root element; the browser hydrates it. The rows then paint with the page, before any
 * script has run. Optional: without the file, when it fails or misses its deadline, the page goes
 * out as before and the browser draws the panel.
 */
import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MODULE_TAGS, scriptsAfterFirstPaint } from './after-first-paint';
import type { FirstReads } from './first-reads';

/** Where the build puts it, under the panel's folder; never served (./panel.ts). */
export const SERVER_RENDER_DIR = 'ssr';
const ENTRY = join(SERVER_RENDER_DIR, 'entry-server.mjs');

/** Rendering 30 rows takes a few ms; a page never waits long for it. */
const RENDER_DEADLINE_MS = 1000;

/** The empty root element of the built shell (apps/web/index.html). */
const EMPTY_ROOT = '<div id="root"></div>';
const BODY_END = '</body>';

type RenderPanel = (reads: FirstReads, signal: AbortSignal) => Promise<string>;

/** A shell in the two parts a signed-in page is sent in. */
export interface ShellParts {
  /** Up to the root element, without the module scripts and modulepreloads: sent at once. */
  early: string;
  /** The rest, from the empty root element on, those scripts just before the body's end. */
  rest: string;
}

/**
 * The shell split where the panel is drawn, so its head goes out while the server still reads and
 * draws: the browser commits the page and asks for its stylesheet meanwhile. Its module scripts
 * move behind the root (they run once the page is parsed, wherever they are), where what the
 * drawing decides about them goes (`scriptsAfterFirstPaint`). All in `rest` without an empty root.
 */
export function shellParts(shell: string): ShellParts {
  const root = shell.indexOf(EMPTY_ROOT);
  if (root === -1) return { early: '', rest: shell };
  const scripts = (shell.slice(0, root).match(MODULE_TAGS) ?? []).join('');
  const after = shell.slice(root);
  const end = after.lastIndexOf(BODY_END);
  return {
    early: shell.slice(0, root).replace(MODULE_TAGS, ''),
    rest: end === -1 ? after + scripts : after.slice(0, end) + scripts + after.slice(end),
  };
}

/** Draws the panel into a shell; `undefined` when it cannot (no render entry, a failure, too slow). */
export interface ShellRenderer {
  (shell: string, reads: FirstReads): Promise<string | undefined>;
  /**
   * Loads the drawing now (a few hundred ms of module loading, React among it), so the first page
   * a user opens after the server starts does not wait for it; settles once it is loaded or found
   * missing.
   */
  warm(): Promise<void>;
}

export function shellRenderer(webDist: string): ShellRenderer {
  let loading: Promise<RenderPanel | undefined> | undefined;
  const load = async (): Promise<RenderPanel | undefined> => {
    const path = join(webDist, ENTRY);
    // A regular file of the build, or nothing: a panel built without it is drawn by the browser.
    const stats = await lstat(path).catch(() => undefined);
    if (stats?.isFile() !== true) return undefined;
    const loaded = (await import(pathToFileURL(path).href)) as { renderPanel?: unknown };
    return typeof loaded.renderPanel === 'function' ? (loaded.renderPanel as RenderPanel) : undefined;
  };
  const loaded = () =>
    (loading ??= load().catch((error: unknown) => {
      console.error('MCP Admin: the panel cannot be drawn on the server; the browser draws it:', error);
      return undefined;
    }));
  const render = async (shell: string, reads: FirstReads): Promise<string | undefined> => {
    if (!shell.includes(EMPTY_ROOT)) return undefined;
    const renderPanel = await loaded();
    if (renderPanel === undefined) return undefined;
    const deadline = AbortSignal.timeout(RENDER_DEADLINE_MS);
    const late = new Promise<never>((_, reject) => {
      deadline.addEventListener('abort', () => {
        reject(new Error('drawing the panel missed its deadline'));
      });
    });
    try {
      // A render stopped by the deadline may still answer, with parts left out: only a whole one is used.
      const html = await Promise.race([renderPanel(reads, deadline), late]);
      if (deadline.aborted) return undefined;
      // The rows paint first, then the script hydrates them. The shell's own tags only, not the drawing's.
      return scriptsAfterFirstPaint(shell).replace(EMPTY_ROOT, () => `<div id="root">${html}</div>`);
    } catch {
      // The browser draws it from the same reads, and shows what fails there.
      return undefined;
    } finally {
      late.catch(() => undefined);
    }
  };
  return Object.assign(render, {
    warm: async () => {
      await loaded();
    },
  });
}
