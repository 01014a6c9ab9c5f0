/**
 * Where the message after a change shows. A modal dialog covers the page and makes the rest of it
 * inert: a message there could be neither clicked, focused nor heard. So while dialogs are open it
 * goes into the newest one's own host (one shown before that dialog opened moves into it too), and
 * into the page's once they are closed.
 */
import { useCallback, useState } from 'react';
import { sharedValue } from './shared-value';

/** Set on the message itself: a dialog opened from inside it (its Undo's confirmation) is not a host. */
export const CHANGE_MESSAGE_ATTRIBUTE = 'data-change-message';

const pageHost = sharedValue<HTMLElement | null>(null);
/** The open dialogs' hosts, oldest first: a dialog opened from another is newer and on top of it. */
const dialogHosts = sharedValue<readonly HTMLElement[]>([]);

/** The ref of the page's host (React 19 runs the returned cleanup when it goes). */
export function pageMessageHost(element: HTMLElement | null): (() => void) | undefined {
  if (element === null) return undefined;
  pageHost.set(element);
  return () => {
    if (pageHost.get() === element) pageHost.set(null);
  };
}

/** The ref of a dialog's host. */
export function dialogMessageHost(element: HTMLElement | null): (() => void) | undefined {
  if (element === null || element.closest(`[${CHANGE_MESSAGE_ATTRIBUTE}]`) !== null) return undefined;
  dialogHosts.set([...dialogHosts.get(), element]);
  return () => {
    dialogHosts.set(dialogHosts.get().filter((host) => host !== element));
  };
}

/** The host the message goes into now: null until the page's host is there (and on the server). */
export function useMessageHost(): HTMLElement | null {
  const page = pageHost.use();
  return dialogHosts.use().at(-1) ?? page;
}

/** The host the message is in now: that host is a `status` while it holds it. */
const holder = sharedValue<HTMLElement | null>(null);

/** Called by the message once it is in `host`; the returned cleanup as it leaves. */
export function holdMessageHost(host: HTMLElement | null): () => void {
  holder.set(host);
  return () => {
    if (holder.get() === host) holder.set(null);
  };
}

/**
 * A dialog's host: the callback that attaches it (its ref), and whether it holds the message now.
 * It is a live region from the dialog's first frame (a message put into a new one is not read
 * out), a `status` while it holds it.
 */
export function useDialogMessageHost(): {
  attach: (element: HTMLElement | null) => (() => void) | undefined;
  holding: boolean;
} {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const held = holder.use();
  const attach = useCallback((found: HTMLElement | null) => {
    setElement(found);
    return dialogMessageHost(found);
  }, []);
  return { attach, holding: element !== null && held === element };
}
