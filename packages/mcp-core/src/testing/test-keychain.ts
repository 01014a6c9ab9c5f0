/**
 * A real Secret Service for tests: a private D-Bus session with GNOME Keyring on it, unlocked, its
 * keyrings in a throwaway folder (its own HOME and XDG_DATA_HOME), so no test reads or writes the
 * user's keychain. A test file starts one (about 0.1 s) and stops it after its tests, and gives
 * `env` to the service (its children, the keychain launcher among them, reach the keychain through it).
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
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: root,
    XDG_DATA_HOME: join(root, 'data'),
    XDG_RUNTIME_DIR: runtimeDir,
  };
  const [busAddress = '', busPid = ''] = execFileSync(
    'dbus-daemon',
    ['--session', `--address=unix:path=${join(root, 'bus')}`, '--print-address=1', '--print-pid=1', '--fork'],
    { env, encoding: 'utf8' },
  ).split('\n');
  const daemonEnv = { ...env, DBUS_SESSION_BUS_ADDRESS: busAddress };
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
  return {
    busAddress,
    env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: busAddress },
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
