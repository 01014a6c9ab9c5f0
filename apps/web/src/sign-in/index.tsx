/** The sign-in feature's public module: what a row offers, and the sign-in view. */
import { lazyPart } from '../ui/lazy-part';

export { offersSignIn, useRowSignIns, type RowSignIns } from './row-sign-ins';
export { signInHealth } from './sign-in-health';

/** The sign-in view, loaded the first time a sign-in starts: the first paint has only the row buttons. */
export const SignInRun = lazyPart(
  'the sign-in',
  () => import('./SignInRun'),
  (module) => module.SignInRun,
  <p className="status">Starting sign-in…</p>,
);
