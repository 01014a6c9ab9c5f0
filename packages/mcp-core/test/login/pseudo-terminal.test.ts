/** `runInPseudoTerminal` with a real `script` and a real program. */
import { tmpdir } from 'node:os';
import { expect, it } from 'vitest';

import { runInPseudoTerminal } from '../../src/login/pseudo-terminal';
import { processesWithEnvironment } from '../../src/testing';

it('kills the program, not this process, when a listener of its output throws, and says why', async () => {
  const marker = `${String(process.pid)}-${String(Date.now())}`;
  const terminal = runInPseudoTerminal(
    process.execPath,
    ['-e', 'console.log("ready"); setInterval(() => {}, 1000);'],
    { cwd: tmpdir(), env: { ...process.env, MCP_ADMIN_PTY_TEST: marker } },
  );
  terminal.onOutput(() => {
    throw new Error('a listener broke');
  });

  const { code, error } = await terminal.exited;

  expect({ code, message: error?.message }).toEqual({
    code: null,
    message: 'reading its output failed: a listener broke',
  });
  expect(processesWithEnvironment(`MCP_ADMIN_PTY_TEST=${marker}`)).toEqual([]);
});
