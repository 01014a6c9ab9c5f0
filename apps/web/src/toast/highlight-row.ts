import { findRow } from '../ui/find-row';

/** About three seconds of frames: the list is read again after a change, the row may come late. */
const MAX_FRAMES = 180;
const HIGHLIGHT_MS = 4000;

/**
 * Marks the row of the server a change just added or edited, so the eye finds it among many. The
 * rows belong to the list; a row is found by its Edit button's id, which names its scope and name.
 */
export function highlightRow(name: string, scope: string, framesLeft = MAX_FRAMES): void {
  const row = findRow({ name, scope });
  if (row !== null) {
    row.classList.add('just-changed');
    window.setTimeout(() => {
      row.classList.remove('just-changed');
    }, HIGHLIGHT_MS);
    return;
  }
  if (framesLeft > 0) {
    requestAnimationFrame(() => {
      highlightRow(name, scope, framesLeft - 1);
    });
  }
}
