/** The sign-in feature's public module: what a row offers, and the sign-in view. */
import { lazy } from 'react';

export { offersSignIn, useRowSignIns, type RowSignIns } from './row-sign-ins';
export { signInHealth } from './sign-in-health';

/** The sign-in view, loaded the first time a sign-in starts: the first paint has only the row buttons. */
export const SignInRun = lazy(async () => ({ default: (await import('./SignInRun')).SignInRun }));
