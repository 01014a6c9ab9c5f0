import { useLayoutEffect, useRef } from 'react';

/**
 * Moves focus to an element once the next render has put it in the document: a row that was
 * just added, moved or removed would otherwise leave keyboard users stranded.
 */
export function useFocusAfterRender(): (elementId: string) => void {
  const pending = useRef<string | null>(null);
  // Before the paint: keys pressed right after the change go to the new focus, not the old one.
  useLayoutEffect(() => {
    if (pending.current === null) return;
    document.getElementById(pending.current)?.focus();
    pending.current = null;
  });
  return (elementId) => {
    pending.current = elementId;
  };
}
