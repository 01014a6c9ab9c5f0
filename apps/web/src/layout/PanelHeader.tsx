import type { ReactNode } from 'react';
import type { SystemInfo } from '../trpc';
import { ProjectPicker } from './ProjectPicker';

interface PanelHeaderProps {
  info: SystemInfo;
  projectPath: string;
  onProjectChange: (projectPath: string) => void;
  /** Buttons after the picker (`New server`). */
  actions: ReactNode;
  /** The views' navigation, on a line of its own. */
  nav: ReactNode;
}

/**
 * One short line (the product, the project, the header's actions, and the CLI's version with its
 * paths on demand), then the views' navigation.
 */
export function PanelHeader({ info, projectPath, onProjectChange, actions, nav }: PanelHeaderProps) {
  const cliError = 'error' in info.cli ? info.cli.error : undefined;
  return (
    <header className="panel-header">
      <div className="header-line">
        <div className="brand">
          <span className="product">MCP Admin</span>
          <span className="version">v{info.version}</span>
        </div>
        <ProjectPicker projectPath={projectPath} onChange={onProjectChange} />
        {actions}
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
      </div>
      {nav}
    </header>
  );
}
