/** OAuth sign-in through `claude mcp login`, run under a pseudo-terminal. */
export { createSignIns } from './sign-ins';
export type { LoginEvent, SignIns } from './sign-ins';
