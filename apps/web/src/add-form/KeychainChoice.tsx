/**
 * "Keep secrets in the keychain" of the add and edit forms: the env or header values go to the
 * operating system's keychain and Claude Code reads them through MCP Admin's launcher
 * (docs/guide.md#secrets-in-the-keychain). On by default when `system.info` says a keychain is
 * available; off, and saying why, for project scope (a shared `.mcp.json`) or without a keychain.
 */
import type { Scope, SecretsIn } from '@mcp-admin/core/schemas';
import { useId } from 'react';
import { useKeychainStatus } from './api';

export const PROJECT_SCOPE_NOTE =
  "The keychain is for user and local scope only: a project's .mcp.json is shared with everyone who clones it, so its secrets stay ${VAR} references.";

/** The box's state: what the user chose, or the default until they choose. */
export function useKeychainChoice(initial?: boolean) {
  const keychain = useKeychainStatus();
  const available = keychain.data?.available === true;
  return {
    available,
    reason: keychain.data?.reason,
    backend: keychain.data?.backend,
    initial: initial ?? available,
  };
}

/** What `secretsIn` the form sends: keychain only when it can and the box says so. */
export function secretsInFor(scope: Scope, available: boolean, keep: boolean): SecretsIn {
  return available && keep && scope !== 'project' ? 'keychain' : 'config';
}

interface KeychainChoiceProps {
  scope: Scope;
  available: boolean;
  reason: string | undefined;
  backend: string | undefined;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

export function KeychainChoice({
  scope,
  available,
  reason,
  backend,
  checked,
  onChange,
}: KeychainChoiceProps) {
  const hintId = useId();
  const usable = available && scope !== 'project';
  const hint =
    scope === 'project'
      ? PROJECT_SCOPE_NOTE
      : available
        ? `Env and header values are stored in ${backend ?? 'the keychain'}, not in .claude.json; Claude Code reads them through MCP Admin's launcher.`
        : `No keychain is available${reason === undefined ? '' : `: ${reason}`}. Secrets are stored in .claude.json.`;
  return (
    <div className="keychain-choice">
      <label className="switch">
        <input
          type="checkbox"
          checked={usable && checked}
          disabled={!usable}
          aria-describedby={hintId}
          onChange={(event) => {
            onChange(event.target.checked);
          }}
        />
        <span>Keep secrets in the keychain</span>
      </label>
      <p id={hintId} className="hint">
        {hint}
      </p>
    </div>
  );
}
