import type { Scope } from '@mcp-admin/core/schemas';
import { useId } from 'react';
import { SCOPES } from '../scopes';
import { RadioGroup } from '../ui/RadioGroup';

interface ScopeChoiceProps {
  legend: string;
  scope: Scope;
  projectPath: string;
  onChange: (scope: Scope) => void;
}

const SCOPE_OPTIONS = SCOPES.map(({ scope, label }) => ({ value: scope, label }));

/** The scope to read or write, and where its servers live for this project, said before anything runs. */
export function ScopeChoice({ legend, scope, projectPath, onChange }: ScopeChoiceProps) {
  const name = `${useId()}-scope`;
  return (
    <>
      <RadioGroup legend={legend} name={name} options={SCOPE_OPTIONS} value={scope} onChange={onChange} />
      <ScopeWhere scope={scope} projectPath={projectPath} />
    </>
  );
}

function ScopeWhere({ scope, projectPath }: { scope: Scope; projectPath: string }) {
  if (scope === 'user') return <p className="hint">User scope: .claude.json, for every project.</p>;
  return (
    <p className="hint">
      {scope === 'local' ? 'Local scope of project ' : 'Project scope: the .mcp.json of '}
      <code className="path">{projectPath}</code>
    </p>
  );
}
