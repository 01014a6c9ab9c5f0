/**
 * The one table from the core's error codes to HTTP statuses (src/errors.ts), read as a client
 * reads it: a probe procedure built on the API's own `publicProcedure` throws each McpCoreError,
 * and tRPC's fetch adapter answers it in process with the status and body the HTTP host sends.
 */
import type { McpCoreErrorCode } from '@mcp-admin/core';
import { createMcpAdmin, McpCoreError } from '@mcp-admin/core';
import { worldAdminOptions } from '@mcp-admin/core/testing';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { createApiContext } from '../src';
import { createTRPCRouter, publicProcedure } from '../src/trpc';
import { useTestWorld } from './support';

// A Record over the union: a code added to the core and missing here fails the typecheck.
const EXPECTED: Record<McpCoreErrorCode, [TRPC_ERROR_CODE_KEY, number]> = {
  INVALID_INPUT: ['BAD_REQUEST', 400],
  CLI_FAILED: ['UNPROCESSABLE_CONTENT', 422],
  CLI_NOT_FOUND: ['SERVICE_UNAVAILABLE', 503],
  CLI_TIMEOUT: ['GATEWAY_TIMEOUT', 504],
  QUEUE_FULL: ['TOO_MANY_REQUESTS', 429],
  CONFIG_UNREADABLE: ['INTERNAL_SERVER_ERROR', 500],
  VERIFY_FAILED: ['INTERNAL_SERVER_ERROR', 500],
  NOT_FOUND: ['NOT_FOUND', 404],
  AMBIGUOUS: ['CONFLICT', 409],
  NEEDS_CONFIRMATION: ['PRECONDITION_FAILED', 412],
  MANAGED_CONFIG: ['CONFLICT', 409],
  LOGIN_IN_PROGRESS: ['CONFLICT', 409],
  TOO_MANY_SIGN_INS: ['TOO_MANY_REQUESTS', 429],
  CHANGED_SINCE: ['CONFLICT', 409],
  WRITE_FAILED: ['INTERNAL_SERVER_ERROR', 500],
  LINKED_FILE: ['CONFLICT', 409],
  REJECTED_ELSEWHERE: ['CONFLICT', 409],
  REGISTRY_UNAVAILABLE: ['BAD_GATEWAY', 502],
  KEYCHAIN_UNAVAILABLE: ['SERVICE_UNAVAILABLE', 503],
};

const probeRouter = createTRPCRouter({
  fail: publicProcedure
    .input(z.object({ code: z.string().regex(/^[A-Z_]+$/, { error: 'code must be an error code' }) }))
    .mutation(({ input }) => {
      throw new McpCoreError(input.code as McpCoreErrorCode, `the core failed with ${input.code}`);
    }),
});

/** One row as a client sees it: the status and the whole error body. */
interface Answer {
  status: number;
  body: unknown;
}

const errorBody = (
  code: TRPC_ERROR_CODE_KEY,
  httpStatus: number,
  message: string,
  causes: { coreCode?: McpCoreErrorCode; zodError?: unknown },
) => ({
  error: {
    message,
    code: TRPC_ERROR_CODES_BY_KEY[code],
    data: {
      code,
      httpStatus,
      path: 'fail',
      zodError: causes.zodError ?? null,
      coreCode: causes.coreCode ?? null,
    },
  },
});

describe('the error-code to HTTP status table', () => {
  it('answers every McpCoreError code with its status and core code, and input that breaks a rule with 400 and the flattened issues', async () => {
    const admin = createMcpAdmin(worldAdminOptions(useTestWorld()));
    const call = async (input: unknown): Promise<Answer> => {
      const response = await fetchRequestHandler({
        endpoint: '/trpc',
        router: probeRouter,
        createContext: () => createApiContext({ admin }),
        req: new Request('http://127.0.0.1/trpc/fail', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(input),
        }),
      });
      return { status: response.status, body: await response.json() };
    };

    const answers: Record<string, Answer> = {};
    const expected: Record<string, Answer> = {};
    for (const [coreCode, [code, status]] of Object.entries(EXPECTED) as [
      McpCoreErrorCode,
      [TRPC_ERROR_CODE_KEY, number],
    ][]) {
      answers[coreCode] = await call({ code: coreCode });
      expected[coreCode] = {
        status,
        body: errorBody(code, status, `the core failed with ${coreCode}`, { coreCode }),
      };
    }
    answers.zod = await call({ code: 'not a code' });
    expected.zod = {
      status: 400,
      body: errorBody('BAD_REQUEST', 400, 'code: code must be an error code', {
        zodError: { formErrors: [], fieldErrors: { code: ['code must be an error code'] } },
      }),
    };

    expect(answers).toEqual(expected);
  });
});
