/** The operating system's keychain, and the entries whose secrets it keeps. */
export { createSystemKeychain, KEYCHAIN_SERVICE, keychainBackend } from './store';
export type { Keychain, KeychainStatus } from './store';
