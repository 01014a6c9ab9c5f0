import type { Scope } from '@mcp-admin/core/schemas';

/** Where a scope's servers live for this project, said explicitly before anything is written or read. */
export function ScopeWhere({ scope, projectPath }: { scope: Scope; projectPath: string }) {
  if (scope === 'user') return <p className="hint">User scope: .claude.json, for every project.</p>;
  return (
    <p className="hint">
      {scope === 'local' ? 'Local scope of project ' : 'Project scope: the .mcp.json of '}
      <code className="path">{projectPath}</code>
    </p>
  );
}
