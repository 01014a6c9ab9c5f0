/** Inputs of OAuth sign-in: `mcp.login`, `mcp.loginPaste`, `mcp.logout`. */
import { z } from 'zod';
import { LIMITS, inputObject, text } from './field-rules';
import { removeServerInputSchema } from './server-inputs';

/**
 * Which listed http/sse server `mcp.login` signs in to and `mcp.logout` signs out of: the same
 * target as a remove's (a name, its scope when needed, `source` for exactly that entry).
 */
export const signInTargetSchema = removeServerInputSchema;

/** The hosts the CLI's callback listener answers on: this machine. */
const CALLBACK_HOSTS = new Set(['localhost', '127.0.0.1']);

/**
 * Where the browser was sent after signing in: `http://localhost:PORT/callback?…` (the CLI's own
 * listener). A browser on another machine cannot reach it, so its user pastes that address.
 */
export const callbackUrlSchema = text('redirectUrl', LIMITS.url).refine(
  (value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return (
      url.protocol === 'http:' &&
      CALLBACK_HOSTS.has(url.hostname) &&
      url.port !== '' &&
      url.pathname === '/callback' &&
      url.search !== '' &&
      url.username === '' &&
      url.password === ''
    );
  },
  { error: 'redirectUrl must be a http://localhost:PORT/callback?… address' },
);

export const loginPasteInputSchema = inputObject({
  loginId: z.uuid({ error: 'loginId must be the id of a sign-in' }),
  redirectUrl: callbackUrlSchema,
});

export type SignInTarget = z.infer<typeof signInTargetSchema>;
export type LoginPasteInput = z.infer<typeof loginPasteInputSchema>;
