/** The sign-in view, loaded the first time a sign-in starts: the first paint has only the row buttons. */
import { lazy } from 'react';

export const SignInRun = lazy(async () => ({ default: (await import('./SignInRun')).SignInRun }));
