import { useEffect, useEffectEvent } from 'react';
import { SEARCH_BOX_ID } from '../servers';
import { focusOnceDrawn, goToView } from '../ui/view-url';

/** Whether a key press is typing into something, where `/` and `n` are characters, not shortcuts. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The panel's keys: `/` focuses `Search servers` (showing the Servers view), `n` opens a new
 * server. Not while typing in a field, with a modifier, or while a dialog is open. Ctrl+K (Cmd+K
 * on macOS) opens the command palette, also from a field, but not over a dialog.
 */
export function useShortcuts({
  onNewServer,
  onPalette,
}: {
  onNewServer: (() => void) | undefined;
  onPalette: () => void;
}): void {
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
      if (event.defaultPrevented || document.querySelector('dialog[open]') !== null) return;
      event.preventDefault();
      onPalette();
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    if (isTyping(event.target) || document.querySelector('dialog[open]') !== null) return;
    if (event.key === '/') {
      event.preventDefault();
      goToView('servers');
      focusOnceDrawn(() => document.getElementById(SEARCH_BOX_ID));
    } else if (event.key === 'n' && onNewServer !== undefined) {
      event.preventDefault();
      onNewServer();
    }
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      onKey(event);
    };
    document.addEventListener('keydown', listener);
    return () => {
      document.removeEventListener('keydown', listener);
    };
  }, []);
}
