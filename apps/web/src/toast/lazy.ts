import { lazyPart } from '../ui/lazy-part';

/** The message after each change; its code loads after the first paint, before any change. */
export const ChangeToast = lazyPart(
  'the change message',
  async () => (await import('./ChangeToast')).ChangeToast,
);
