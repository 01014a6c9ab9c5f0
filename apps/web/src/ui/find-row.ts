/**
 * The table row of one listed entry, found by its Edit button's id (see `editButtonId`), which
 * names the row's project, scope, file and server name.
 */
export function findRow({
  name,
  scope,
  source,
}: {
  name: string;
  scope: string;
  source?: string;
}): HTMLElement | null {
  for (const button of document.querySelectorAll<HTMLElement>('[id^="edit ["]')) {
    const [, rowScope, rowSource, rowName] = parseKey(button.id.slice('edit '.length));
    const sameFile = source === undefined || rowSource === source;
    if (rowScope === scope && rowName === name && sameFile) return button.closest('tr');
  }
  return null;
}

function parseKey(key: string): unknown[] {
  try {
    const parsed: unknown = JSON.parse(key);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}
