/** `mcp.loginPaste` over HTTP: how a bad redirect address and a sign-in not waiting reach a client. */
import { describe, expect, it } from 'vitest';

import { trpcMutation, useServer, useTestWorld } from './support';

describe('mcp.loginPaste over HTTP', () => {
  it('is a 400 naming redirectUrl for an address that is not a localhost callback, and a 404 for a sign-in not waiting', async () => {
    const world = useTestWorld();
    const server = await useServer(world);
    const loginId = '6f1c3a5e-0b7d-4c2a-9e8f-1a2b3c4d5e6f';
    for (const redirectUrl of [
      'http://evil.example:8080/callback?code=c',
      'https://localhost:8080/callback?code=c',
      'http://localhost/callback?code=c',
      'http://localhost:8080/other?code=c',
      'http://localhost:8080/callback',
    ]) {
      const refused = await trpcMutation(server, 'mcp.loginPaste', { loginId, redirectUrl });
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.body)).toMatchObject({
        error: {
          message: 'redirectUrl: redirectUrl must be a http://localhost:PORT/callback?… address',
          data: { code: 'BAD_REQUEST', httpStatus: 400, coreCode: null },
        },
      });
    }
    const unknown = await trpcMutation(server, 'mcp.loginPaste', {
      loginId,
      redirectUrl: 'http://127.0.0.1:8080/callback?code=c&state=s',
    });
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body)).toMatchObject({
      error: {
        message: 'No sign-in with that id is waiting for its redirect.',
        data: { code: 'NOT_FOUND', httpStatus: 404, coreCode: 'NOT_FOUND' },
      },
    });
  });
});
