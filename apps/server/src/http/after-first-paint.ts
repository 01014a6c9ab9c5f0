/**
 * A page the server drew paints before its script has run, and should: the panel's script (its
 * fetch, compiling, running and hydrating) takes the main thread and the machine's cores in the
 * very moments the browser lays out and paints the rows, and delays that first paint (issue 43).
 * Such a page carries the shell's module scripts and their modulepreloads inert, in a `<template>`,
 * and one inline script that starts them once the browser has painted the page's first content.
 *
 * The page's CSP allows that one script by its hash (./security-headers.ts); it takes no input but
 * the template, whose scripts are held to `'self'` as before.
 */
import { createHash } from 'node:crypto';

/** The template holding the shell's scripts until the first paint. */
export const AFTER_FIRST_PAINT_ID = 'after-first-paint';

/**
 * Starts the template's scripts (copied into `<head>`: a script parsed in a template never runs)
 * once the browser reports the first contentful paint; at once where it cannot report one, and
 * after 3 s at the latest (a page never shown paints nothing). A module script, so it runs once the
 * page is parsed and waits for no stylesheet.
 */
export const AFTER_FIRST_PAINT_SCRIPT =
  `const held = document.getElementById('${AFTER_FIRST_PAINT_ID}');` +
  'let started = false;' +
  'const start = () => {' +
  'if (started || held === null) return;' +
  'started = true;' +
  'for (const inert of held.content.children) {' +
  'const element = document.createElement(inert.localName);' +
  'for (const { name, value } of inert.attributes) element.setAttribute(name, value);' +
  'document.head.append(element);' +
  '}' +
  '};' +
  "if ((PerformanceObserver.supportedEntryTypes || []).includes('paint')) {" +
  'new PerformanceObserver((list, observer) => {' +
  "if (list.getEntriesByName('first-contentful-paint').length === 0) return;" +
  'observer.disconnect();' +
  'start();' +
  "}).observe({ type: 'paint', buffered: true });" +
  'setTimeout(start, 3000);' +
  '} else start();';

/** The CSP source that allows `AFTER_FIRST_PAINT_SCRIPT`, and only it. */
export const AFTER_FIRST_PAINT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(AFTER_FIRST_PAINT_SCRIPT).digest('base64')}'`;

/** The shell's module scripts and modulepreloads, as Vite writes them into index.html. */
export const MODULE_TAGS = /<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g;

/**
 * `shell` with its module scripts and modulepreloads held until the first paint (where the first
 * of them was); the shell unchanged when it has none.
 */
export function scriptsAfterFirstPaint(shell: string): string {
  const held = shell.match(MODULE_TAGS);
  if (held === null) return shell;
  const first = shell.search(MODULE_TAGS);
  const rest = shell.replace(MODULE_TAGS, '');
  const holder =
    `<template id="${AFTER_FIRST_PAINT_ID}">${held.join('')}</template>` +
    `<script type="module">${AFTER_FIRST_PAINT_SCRIPT}</script>`;
  return rest.slice(0, first) + holder + rest.slice(first);
}
