/** The panel's frame: the header, and the notices shown instead of or above the panel. */
import { lazyPart } from '../ui/lazy-part';

export { useSystemInfo } from './api';
export { PanelHeader } from './PanelHeader';

// Shown only without a session or under a managed config: most loads never need them.
export const SignInHint = lazyPart(
  'the sign-in help',
  () => import('./SignInHint'),
  (module) => module.SignInHint,
);
export const ManagedBanner = lazyPart(
  'the managed notice',
  () => import('./ManagedBanner'),
  (module) => module.ManagedBanner,
);
