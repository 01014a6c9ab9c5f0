import type { SystemInfo } from '../trpc';
import { ProjectPicker } from './ProjectPicker';

interface PanelHeaderProps {
  info: SystemInfo;
  projectPath: string;
  onProjectChange: (projectPath: string) => void;
}

/** One short line: the product, the project, and the CLI's version with its paths on demand. */
export function PanelHeader({ info, projectPath, onProjectChange }: PanelHeaderProps) {
  const cliError = 'error' in info.cli ? info.cli.error : undefined;
  return (
    <header className="panel-header">
      <div className="brand">
        <span className="product">MCP Admin</span>
        <span className="version">v{info.version}</span>
      </div>
      <ProjectPicker projectPath={projectPath} onChange={onProjectChange} />
      {/* A CLI that cannot run is said at once: nothing can change without it. */}
      {cliError !== undefined && <p className="fact-error">{cliError}</p>}
      <details className="header-facts">
        <summary>{'error' in info.cli ? 'Claude CLI' : `Claude CLI ${info.cli.version}`}</summary>
        <dl className="facts">
          {!('error' in info.cli) && (
            <div>
              <dt>Claude CLI</dt>
              <dd>
                <code className="path">{info.cli.path}</code>
              </dd>
            </div>
          )}
          <div>
            <dt>Config</dt>
            <dd>
              <code className="path">{info.configPath}</code>
            </dd>
          </div>
        </dl>
      </details>
    </header>
  );
}
