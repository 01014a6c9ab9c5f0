import { readFile } from 'node:fs/promises';

/** A config file as the CLI left it, parsed: what the panel's actions actually stored. */
export async function readJson(path: string): Promise<unknown> {
  return JSON.parse(await readFile(path, 'utf8')) as unknown;
}
