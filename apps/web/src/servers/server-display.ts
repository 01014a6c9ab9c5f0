/** What the panel's first paint needs to know of a listed server (the rows' own words load with the table). */
import type { Scope } from '@mcp-admin/core/schemas';
import { isWritableScope } from '../scopes';
import type { ServerEntry } from '../trpc';

/** One row: the same entry listed for another project is another row. */
export function rowKey({ name, scope, source }: WritableServer, projectPath: string): string {
  return JSON.stringify([projectPath, scope, source ?? '', name]);
}

/** The id of a row's `Edit` button, the same across renders: focus goes back to it after an edit. */
export function editButtonId(server: WritableServer, projectPath: string): string {
  return `edit ${rowKey(server, projectPath)}`;
}

/** An entry of a scope the CLI writes: one the panel can remove or change. */
export type WritableServer = ServerEntry & { scope: Scope };

export function isWritable(server: ServerEntry): server is WritableServer {
  return isWritableScope(server.scope);
}
