#!/usr/bin/env node
/**
 * MCP Admin's keychain launcher: the one program that reads and writes the secrets MCP Admin keeps
 * in the operating system's keychain (service "mcp-admin", through @napi-rs/keyring; on Linux the
 * Secret Service of the D-Bus session DBUS_SESSION_BUS_ADDRESS names). Claude Code runs it as a
 * server's command or headersHelper; MCP Admin runs it for its own reads and writes, so both reach
 * the keychain the same way. Values travel on stdin, stdout or in a child's environment, never in
 * argv; diagnostics go to stderr only (stdout of `env` belongs to the server, of `headers` to Claude Code).
 *
 *   env REF NAME… -- COMMAND ARG…  the stdio server COMMAND with each NAME set from the keychain
 *   headers REF NAME…              prints {"NAME": value, …}: the headers of an http/sse server
 *   store                          answers one JSON request on stdin (status, get, set, copy, delete)
 *
 * An item's account is REF, "|", then "env:NAME" or "header:NAME".
 */
import { spawn } from 'node:child_process';
import { AsyncEntry } from '@napi-rs/keyring';

const SERVICE = 'mcp-admin';
const TIMEOUT_MS = 10_000;
// The kernel's keyutils, the library's other store on Linux, forgets at logout: no keychain.
const OPTIONS = { linux: { store: 'secret-service' } };
const PROBE_ACCOUNT = 'mcp-admin availability probe';
const MAX_REQUEST_BYTES = 4 * 1024 * 1024;

const BACKEND =
  process.platform === 'darwin'
    ? 'macOS Keychain'
    : process.platform === 'win32'
      ? 'Windows Credential Manager'
      : 'Secret Service';

const entry = (account) => new AsyncEntry(SERVICE, account, OPTIONS);
const signal = () => AbortSignal.timeout(TIMEOUT_MS);

/** The keychain's failure in words a person can act on. */
function problem(error) {
  const text = error instanceof Error ? error.message : String(error);
  if (process.platform === 'linux' && !process.env.DBUS_SESSION_BUS_ADDRESS) {
    return 'no D-Bus session to reach the Secret Service through (DBUS_SESSION_BUS_ADDRESS is not set)';
  }
  if (/prompt was dismissed|locked/i.test(text)) return `the keychain is locked (${text})`;
  if (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError')) {
    return `the keychain did not answer in ${TIMEOUT_MS / 1000} s`;
  }
  return text;
}

function fail(line) {
  process.stderr.write(`mcp-admin keychain launcher: ${line}\n`);
  process.exit(1);
}

/** Each name's value from the keychain under REF and `kind`; exits saying which is missing or why none can be read. */
async function secretsOf(ref, kind, names) {
  const values = {};
  for (const name of names) {
    let value;
    try {
      value = await entry(`${ref}|${kind}:${name}`).getPassword(signal());
    } catch (error) {
      fail(`cannot read secret ${name} from the keychain (${BACKEND}): ${problem(error)}`);
    }
    if (value === null || value === undefined) fail(`secret ${name} is missing from the keychain`);
    values[name] = value;
  }
  return values;
}

async function runWithEnv(args) {
  const separator = args.indexOf('--');
  if (separator < 1 || separator === args.length - 1) fail('usage: env REF NAME… -- COMMAND ARG…');
  const [ref, ...names] = args.slice(0, separator);
  const [command, ...commandArgs] = args.slice(separator + 1);
  const env = { ...process.env, ...(await secretsOf(ref, 'env', names)) };
  // Node has no exec: the server is a child with this process's stdio, its signals passed on, its exit ours.
  const child = spawn(command, commandArgs, { stdio: 'inherit', env });
  for (const name of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(name, () => {
      child.kill(name);
    });
  }
  child.on('error', (error) => {
    fail(`cannot start ${command}: ${error.message}`);
  });
  child.on('exit', (code, signalName) => {
    if (signalName !== null) {
      process.removeAllListeners(signalName);
      process.kill(process.pid, signalName);
      return;
    }
    process.exit(code ?? 1);
  });
}

async function printHeaders(args) {
  const [ref, ...names] = args;
  if (ref === undefined || names.length === 0) fail('usage: headers REF NAME…');
  process.stdout.write(`${JSON.stringify(await secretsOf(ref, 'header', names))}\n`);
}

async function readRequest() {
  const chunks = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    size += chunk.length;
    if (size > MAX_REQUEST_BYTES) fail('the request is too large');
    chunks.push(chunk);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

/**
 * One request of MCP Admin: `{op: 'status'}`, `{op: 'get', accounts}`, `{op: 'set', items}`,
 * `{op: 'copy', pairs: [[from, to], …], overwrite}` (each value there stored under `to` too; without
 * `overwrite`, a `to` that has a value is left, and named in `present`), `{op: 'delete', accounts}`.
 */
async function answerStore() {
  const request = await readRequest();
  const answer = (value) => {
    process.stdout.write(`${JSON.stringify(value)}\n`);
  };
  try {
    if (request.op === 'status') {
      await entry(PROBE_ACCOUNT).getPassword(signal());
      return answer({ ok: true, backend: BACKEND });
    }
    if (request.op === 'get') {
      const values = {};
      for (const account of request.accounts) {
        const value = await entry(account).getPassword(signal());
        if (value !== null && value !== undefined) values[account] = value;
      }
      return answer({ ok: true, backend: BACKEND, values });
    }
    if (request.op === 'set') {
      for (const [account, value] of Object.entries(request.items)) {
        await entry(account).setPassword(value, signal());
      }
      return answer({ ok: true, backend: BACKEND });
    }
    if (request.op === 'copy') {
      const copied = [];
      const present = [];
      for (const [from, to] of request.pairs) {
        if (request.overwrite === false) {
          const existing = await entry(to).getPassword(signal());
          if (existing !== null && existing !== undefined) {
            present.push(to);
            continue;
          }
        }
        const value = await entry(from).getPassword(signal());
        if (value === null || value === undefined) continue;
        await entry(to).setPassword(value, signal());
        copied.push(from);
      }
      return answer({ ok: true, backend: BACKEND, copied, present });
    }
    if (request.op === 'delete') {
      const deleted = [];
      for (const account of request.accounts) {
        if (await entry(account).deleteCredential(signal())) deleted.push(account);
      }
      return answer({ ok: true, backend: BACKEND, deleted });
    }
    return answer({ ok: false, backend: BACKEND, reason: `unknown request ${String(request.op)}` });
  } catch (error) {
    return answer({ ok: false, backend: BACKEND, reason: problem(error) });
  }
}

const [mode, ...rest] = process.argv.slice(2);
if (mode === 'env') await runWithEnv(rest);
else if (mode === 'headers') await printHeaders(rest);
else if (mode === 'store') await answerStore();
else fail('usage: env REF NAME… -- COMMAND ARG… | headers REF NAME… | store');
