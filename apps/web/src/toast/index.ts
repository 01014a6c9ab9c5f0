/** The change message's public module: the message after each change, and the link that announces changes. */
import { lazyPart } from '../ui/lazy-part';

export { announceLink } from './announce-link';

/** The message after each change; its code loads after the first paint, before any change. */
export const ChangeToast = lazyPart(
  'the change message',
  () => import('./ChangeToast'),
  (module) => module.ChangeToast,
);
