/** About two seconds of frames: long enough for a list to be read again, short enough to never surprise. */
const MAX_FRAMES = 120;

/**
 * Focuses the element with this id as soon as it is in the document, and again if it is replaced
 * while the frames last: an edit replaces the entry (remove, then add), so its row may be gone for
 * a moment and drawn anew by a later list. Stops as soon as focus is anywhere else.
 */
export function focusWhenShown(elementId: string, framesLeft = MAX_FRAMES): void {
  const element = document.getElementById(elementId);
  const focused = document.activeElement;
  if (focused !== null && focused !== document.body && focused !== element) return;
  if (element !== null && focused !== element) element.focus();
  if (framesLeft > 0) {
    requestAnimationFrame(() => {
      focusWhenShown(elementId, framesLeft - 1);
    });
  }
}
