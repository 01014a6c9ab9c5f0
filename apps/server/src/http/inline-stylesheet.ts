/**
 * A signed-in page carries the panel's stylesheet in its head rather than naming it (issue 43): the
 * rows it draws paint once they arrive, not once a second request, on a new connection to a server
 * still busy drawing them, has brought the stylesheet back. The page's CSP allows that one style by
 * its hash (./security-headers.ts), never any other inline style.
 *
 * Read once, when the server starts: a shell that names another stylesheet since (a new build)
 * keeps its link.
 */
import { createHash } from 'node:crypto';
import { lstat, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A stylesheet of the build's own, and the `<link>` that names it in the shell. */
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*? href="\/assets\/([\w.-]+\.css)"[^>]*>/;

/** Vite's stylesheet is ~15 KB; a bigger one stays a request of its own rather than bloat every page. */
const MAX_INLINE_BYTES = 100_000;

export interface InlineStylesheet {
  /** The `<link>` it replaces, exactly as the shell has it. */
  link: string;
  /** The `<style>` element that replaces it. */
  style: string;
  /** The CSP source that allows that style, and only it. */
  hash: string;
}

/**
 * The stylesheet the build's shell (`index.html`) names, ready to go inline; `undefined` without a
 * shell, when it names none of the build's, or when that file is missing, not a regular file, too
 * big, or holds text that would end the element.
 */
export async function readInlineStylesheet(webDist: string): Promise<InlineStylesheet | undefined> {
  const shell = await readFile(join(webDist, 'index.html'), 'utf8').catch(() => '');
  const link = STYLESHEET_LINK.exec(shell);
  if (link === null) return undefined;
  const path = join(webDist, 'assets', link[1] ?? '');
  const stats = await lstat(path).catch(() => undefined);
  if (stats?.isFile() !== true || stats.size > MAX_INLINE_BYTES) return undefined;
  const css = await readFile(path, 'utf8').catch(() => undefined);
  if (css === undefined || /<\/style/i.test(css)) return undefined;
  return {
    link: link[0],
    style: `<style>${css}</style>`,
    hash: `'sha256-${createHash('sha256').update(css).digest('base64')}'`,
  };
}

/** `head` with the stylesheet's link replaced by the stylesheet; unchanged when it names another. */
export function withInlineStylesheet(head: string, inline: InlineStylesheet | undefined): string {
  if (inline === undefined || !head.includes(inline.link)) return head;
  return head.replace(inline.link, () => inline.style);
}
