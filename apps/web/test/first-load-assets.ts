import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface FirstLoadAsset {
  /** As index.html names it, without the leading `/`. */
  path: string;
  /** Its size gzipped (zlib's default level), in bytes. */
  gzipped: number;
}

/**
 * The scripts, modulepreloads and stylesheets a built panel's index.html names, with their
 * gzipped sizes: all that loads before a lazy import. For test/first-load.test.ts and the bench.
 */
export function firstLoadAssets(distDir: string): FirstLoadAsset[] {
  const indexHtml = readFileSync(join(distDir, 'index.html'), 'utf8');
  const tags = indexHtml.match(/<(script|link)\b[^>]*>/g) ?? [];
  return tags.flatMap((tag) => {
    const isModule = tag.startsWith('<script') && tag.includes('type="module"');
    const isLoaded = /rel="(modulepreload|stylesheet)"/.test(tag);
    const path = /(?:src|href)="\/([^"]+)"/.exec(tag)?.[1];
    return (isModule || isLoaded) && path !== undefined
      ? [{ path, gzipped: gzipSync(readFileSync(join(distDir, path))).length }]
      : [];
  });
}
