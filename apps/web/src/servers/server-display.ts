/** The id a row's `Edit` button keeps across renders: focus goes back to it after an edit. */
import { rowKey, type WritableServer } from '../rows';

export function editButtonId(server: WritableServer, projectPath: string): string {
  return `edit ${rowKey(server, projectPath)}`;
}
