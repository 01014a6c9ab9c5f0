/**
 * Signing in to remote servers (OAuth) and out, and the sign-in a change may cost.
 */
export { createSignIn } from './sign-in';
export { signInAtRisk, withSignInLoss } from './sign-in-loss';
