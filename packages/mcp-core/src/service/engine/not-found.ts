/** The one wording of "no such server", for every operation that looks a server up by name. */
import { McpCoreError } from '../../errors';

/** NOT_FOUND: no server `name` where the caller looked (`where`, e.g. "in this project"). */
export function noServerNamed(name: string, where: string): McpCoreError {
  return new McpCoreError('NOT_FOUND', `No MCP server named "${name}" ${where}.`);
}
