import type { ContextCost } from '../../src/trpc';

export type ServerCost = ContextCost['servers'][number];

/** A user server of `mcp.contextCost`, never checked unless `fields` say otherwise. */
export const serverCost = (fields: Partial<ServerCost> = {}): ServerCost => ({
  name: 'fx',
  scope: 'user',
  source: '/c/.claude.json',
  tokens: null,
  tools: null,
  loads: true,
  checkedAt: null,
  checkStatus: null,
  ...fields,
});
