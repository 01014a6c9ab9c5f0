/**
 * The view shown is in the address's fragment (`#/history`): Back returns to the last view, a view
 * can be bookmarked, and the sign-in redirect (`/?token=…` to `/`) keeps it, as browsers keep a
 * fragment across a redirect.
 */
export function viewHref(viewId: string): string {
  return `#/${viewId}`;
}

/** The address's fragment; none when the panel is drawn on the server (it never sees one). */
export function currentHash(): string {
  return typeof window === 'undefined' ? '' : window.location.hash;
}

/** The view id the address names, or undefined when it names none. */
export function viewInUrl(hash: string = currentHash()): string | undefined {
  return hash.startsWith('#/') ? decodeURIComponent(hash.slice(2)) : undefined;
}

/** Shows a view as a link to it would: a new history entry, so Back returns. */
export function goToView(viewId: string): void {
  if (viewInUrl() !== viewId) window.location.hash = viewHref(viewId);
}

/** About two seconds of frames: a view's code may have to load first. */
const MAX_FRAMES = 120;

/**
 * Calls `find` each frame until it returns an element that shows (the view has drawn it; a view
 * left earlier stays in the page, hidden), then focuses it.
 */
export function focusOnceDrawn(find: () => HTMLElement | null, framesLeft = MAX_FRAMES): void {
  const element = find();
  if (element?.checkVisibility() === true) {
    element.scrollIntoView({ block: 'center' });
    element.focus();
    return;
  }
  if (framesLeft > 0) {
    requestAnimationFrame(() => {
      focusOnceDrawn(find, framesLeft - 1);
    });
  }
}
