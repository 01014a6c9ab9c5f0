/** About three seconds of frames: the list is read again after a change, the row may come late. */
const MAX_FRAMES = 180;
const HIGHLIGHT_MS = 4000;

/**
 * Marks the row of the server a change just added or edited, so the eye finds it among many. The
 * rows belong to the list; a row is found by its Edit button's id, which names its scope and name.
 */
export function highlightRow(name: string, scope: string, framesLeft = MAX_FRAMES): void {
  const row = findRow(name, scope);
  if (row !== null) {
    row.classList.add('just-changed');
    window.setTimeout(() => row.classList.remove('just-changed'), HIGHLIGHT_MS);
    return;
  }
  if (framesLeft > 0) requestAnimationFrame(() => highlightRow(name, scope, framesLeft - 1));
}

function findRow(name: string, scope: string): HTMLElement | null {
  for (const button of document.querySelectorAll<HTMLElement>('[id^="edit ["]')) {
    const [, rowScope, , rowName] = parseKey(button.id.slice('edit '.length));
    if (rowScope === scope && rowName === name) return button.closest('tr');
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
