/**
 * What the panel's first paint needs, sent inside the page itself: the panel info and the default
 * project's servers (secrets masked), as `system.info` and `mcp.list` answer them. Without it the
 * first row waits for the panel's script to run, then for a round trip.
 */
import type { RouterOutputs } from '@mcp-admin/api';

export interface FirstReads {
  info: RouterOutputs['system']['info'];
  list: RouterOutputs['mcp']['list'];
}

/** The element the panel reads them from (apps/web/src/first-reads.ts). */
export const FIRST_READS_ID = 'first-reads';

const BODY_END = '</body>';

/**
 * The shell with `reads` in a JSON data block at the end of its body (the panel's module script
 * runs once the whole page is parsed, so the block is there): a data block is never run,
 * so the page's `default-src 'self'` holds. `<` is escaped so no text in a server's entry (a
 * command, a name) can end the block.
 */
export function shellWithFirstReads(shell: string, reads: FirstReads): string {
  const json = JSON.stringify(reads)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  const block = `<script type="application/json" id="${FIRST_READS_ID}">${json}</script>`;
  const end = shell.lastIndexOf(BODY_END);
  return end === -1 ? shell + block : shell.slice(0, end) + block + shell.slice(end);
}
