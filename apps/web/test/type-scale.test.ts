import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Each size and weight the first paint draws text in costs the browser one more font "strike" to set
 * up before it paints (issue 43: 16 of them, with the controls' own font, made the first row paint
 * twice as late as a one-word page). The panel's text comes in the sizes of one scale (styles/base.css).
 */
const SOURCE = fileURLToPath(new URL('../src', import.meta.url));
const SCALE = ['--text-xs', '--text-sm', '--text-md', '--text-xl'];

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

/** Every `selector { … }` rule of a stylesheet, at any depth (inside `@media` too). */
function rules(css: string): { selector: string; body: string }[] {
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
  return Array.from(withoutComments.matchAll(/([^{};]+)\{([^{}]*)\}/g), (match) => ({
    selector: (match[1] ?? '').trim(),
    body: match[2] ?? '',
  }));
}

const declarations = cssFiles(SOURCE).flatMap((file) =>
  rules(readFileSync(file, 'utf8')).flatMap(({ selector, body }) =>
    Array.from(body.matchAll(/(?:^|;)\s*(font-size|font-weight)\s*:\s*([^;]+)/g), (match) => ({
      where: `${file.slice(SOURCE.length + 1)} ${selector}`,
      property: match[1],
      value: (match[2] ?? '').trim(),
      mono: /font-family\s*:\s*var\(--mono\)/.test(body),
    })),
  ),
);

describe("the panel's type scale", () => {
  it('finds the stylesheets and their sizes', () => {
    expect(declarations.filter(({ property }) => property === 'font-size').length).toBeGreaterThan(40);
  });

  it('sizes all text from the scale: the root size, 1rem, or one of --text-xs, --text-sm, --text-md, --text-xl (code in its own font may be relative)', () => {
    const offScale = declarations.filter(
      ({ property, value, mono, where }) =>
        property === 'font-size' &&
        !SCALE.some((name) => value === `var(${name})`) &&
        value !== '1rem' &&
        !(where.endsWith(':root') && value === '15px') &&
        !(mono && value.endsWith('em')),
    );
    expect(offScale).toEqual([]);
  });

  it('weights text 400 or 600, nothing between', () => {
    const weights = declarations.filter(({ property }) => property === 'font-weight');
    expect(weights.filter(({ value }) => value !== '400' && value !== '600')).toEqual([]);
  });

  it("draws check boxes and radio buttons in the page's font, not the browser's control font", () => {
    const controls = cssFiles(SOURCE)
      .flatMap((file) => rules(readFileSync(file, 'utf8')))
      .filter(({ selector }) => selector.includes("input[type='checkbox']"));
    expect(controls.some(({ body }) => /(?:^|;)\s*font\s*:\s*inherit/.test(body))).toBe(true);
  });
});
