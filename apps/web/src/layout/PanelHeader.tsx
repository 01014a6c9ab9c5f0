import type { SystemInfo } from '../trpc';
import { ProjectPicker } from './ProjectPicker';

interface PanelHeaderProps {
  info: SystemInfo;
  projectPath: string;
  onProjectChange: (projectPath: string) => void;
}

export function PanelHeader({ info, projectPath, onProjectChange }: PanelHeaderProps) {
  return (
    <header className="panel-header">
      <div className="brand">
        <span className="product">MCP Admin</span>
        <span className="version">v{info.version}</span>
      </div>
      <dl className="facts">
        <div>
          <dt>Claude CLI</dt>
          {'error' in info.cli ? (
            <dd className="fact-error">{info.cli.error}</dd>
          ) : (
            <dd>
              {info.cli.version} <code className="path muted">{info.cli.path}</code>
            </dd>
          )}
        </div>
        <div>
          <dt>Config</dt>
          <dd>
            <code className="path">{info.configPath}</code>
          </dd>
        </div>
      </dl>
      <ProjectPicker projectPath={projectPath} onChange={onProjectChange} />
    </header>
  );
}
