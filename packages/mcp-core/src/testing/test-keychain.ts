/**
 * A real Secret Service for tests: a private D-Bus session with GNOME Keyring on it, unlocked, its
 * keyrings in a throwaway folder (its own HOME and XDG_DATA_HOME), so no test reads or writes the
 * user's keychain. A test file starts one once (about 0.1 s) and stops it after its tests, gives
 * `envFor(world)` to each world's service (its children, the keychain launcher among them, reach
 * the keychain through it), or `useInThisProcess()` when the real CLI it runs must reach it, and
 * reads or deletes an item behind MCP Admin's back with `item` and `clear` (secret-tool).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestKeychain {
  /** The private bus's address: DBUS_SESSION_BUS_ADDRESS for whoever should reach this keychain. */
  busAddress: string;
  /** An environment for MCP Admin's children: this process's, with the private bus. */
  env: NodeJS.ProcessEnv;
  /** `env` for the service of a world: HOME its config folder, as `worldAdminOptions` gives. */
  envFor(world: { configDir: string }): NodeJS.ProcessEnv;
  /** The value MCP Admin keeps under `account` (service `mcp-admin`), '' when there is none. */
  item(account: string): string;
  /** Deletes the item of `account`, as a person could behind MCP Admin's back. */
  clear(account: string): void;
  /**
   * Points this process's DBUS_SESSION_BUS_ADDRESS at the private bus, for what inherits it (the
   * real CLI a test runs, and the launcher and helper it starts); returns what puts it back.
   */
  useInThisProcess(): () => void;
  /** Locks the keyring, as a screen lock would: every read then asks for a password nobody gives. */
  lock(): void;
  /** Unlocks it again (a new daemon on the same keyrings). */
  unlock(): void;
  stop(): void;
}

const PASSWORD = 'test-keyring-password';

export function startTestKeychain(): TestKeychain {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'mcp-admin-keychain-')));
  const runtimeDir = join(root, 'run');
  mkdirSync(runtimeDir, { mode: 0o700 });
  const ownEnv = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: root,
    XDG_DATA_HOME: join(root, 'data'),
    XDG_RUNTIME_DIR: runtimeDir,
  };
  const [busAddress = '', busPid = ''] = execFileSync(
    'dbus-daemon',
    ['--session', `--address=unix:path=${join(root, 'bus')}`, '--print-address=1', '--print-pid=1', '--fork'],
    { env: ownEnv, encoding: 'utf8' },
  ).split('\n');
  const daemonEnv = { ...ownEnv, DBUS_SESSION_BUS_ADDRESS: busAddress };
  const startKeyring = (replace: boolean) => {
    // It forks itself and lives as long as the bus; it reads the login keyring's password on stdin.
    const started = spawnSync(
      'gnome-keyring-daemon',
      [...(replace ? ['--replace'] : []), '--unlock', '--components=secrets', '--daemonize'],
      { env: daemonEnv, input: PASSWORD, encoding: 'utf8', timeout: 10_000 },
    );
    if (started.status !== 0) throw new Error(`gnome-keyring-daemon failed: ${started.stderr}`);
  };
  startKeyring(false);
  const secretTool = (action: 'lookup' | 'clear', account: string) =>
    spawnSync('secret-tool', [action, 'service', 'mcp-admin', 'username', account], {
      env: daemonEnv,
      encoding: 'utf8',
      timeout: 10_000,
    });
  const env = { ...process.env, DBUS_SESSION_BUS_ADDRESS: busAddress };
  return {
    busAddress,
    env,
    envFor: ({ configDir }) => ({ ...env, HOME: configDir }),
    item: (account) => secretTool('lookup', account).stdout,
    clear(account) {
      const cleared = secretTool('clear', account);
      if (cleared.status !== 0) throw new Error(`secret-tool clear failed: ${cleared.stderr}`);
    },
    useInThisProcess() {
      const before = process.env.DBUS_SESSION_BUS_ADDRESS;
      process.env.DBUS_SESSION_BUS_ADDRESS = busAddress;
      return () => {
        if (before === undefined) delete process.env.DBUS_SESSION_BUS_ADDRESS;
        else process.env.DBUS_SESSION_BUS_ADDRESS = before;
      };
    },
    lock() {
      execFileSync(
        'dbus-send',
        [
          '--session',
          '--print-reply',
          '--dest=org.freedesktop.secrets',
          '/org/freedesktop/secrets',
          'org.freedesktop.Secret.Service.Lock',
          'array:objpath:/org/freedesktop/secrets/collection/login',
        ],
        { env: daemonEnv, stdio: 'ignore' },
      );
    },
    unlock() {
      startKeyring(true);
    },
    stop() {
      // The keyring daemon leaves when its bus goes.
      try {
        process.kill(Number(busPid), 'SIGTERM');
      } catch {
        // Gone already.
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}
