/**
 * The command palette (Ctrl+K, Cmd+K on macOS): one box that finds a server (Enter opens its sheet),
 * a view, or an action. A combobox over a listbox: arrows move, Enter runs, Escape closes and the
 * dialog hands focus back. Loaded when first opened.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { sheetHref } from '../servers';
import { useServerList } from '../shared-queries';
import { Dialog } from '../ui/Dialog';
import { focusOnceDrawn, goToView } from '../ui/view-url';
import { VIEWS } from './views';
import './command-palette.css';

/** One line of the palette: what it says, what kind of thing it is, and what Enter does. */
interface Command {
  key: string;
  text: string;
  kind: 'Server' | 'View' | 'Action';
  run: () => void;
}

interface CommandPaletteProps {
  projectPath: string;
  /** A managed config is in control: no action that changes something is offered. */
  locked: boolean;
  onNewServer: () => void;
  onClose: () => void;
}

/** At most this many lines: the box narrows them, a longer list helps no one. */
const MAX_SHOWN = 12;

/** Shows a view, then presses its button once drawn (a view's code may have to load first). */
function pressInView(viewId: string, buttonName: string, framesLeft = 120): void {
  goToView(viewId);
  const region = document.querySelector('.view:not([hidden])');
  const button = [...(region?.querySelectorAll('button') ?? [])].find(
    (element) => element.textContent.trim() === buttonName,
  );
  if (button?.checkVisibility() === true) {
    button.focus();
    button.click();
  } else if (framesLeft > 0) {
    requestAnimationFrame(() => {
      pressInView(viewId, buttonName, framesLeft - 1);
    });
  }
}

function commands(
  servers: readonly { name: string; scope: string; href: string }[],
  { locked, onNewServer }: Pick<CommandPaletteProps, 'locked' | 'onNewServer'>,
): Command[] {
  const actions: Command[] = [
    ...(locked ? [] : [{ key: 'new', text: 'New server', run: onNewServer }]),
    {
      key: 'check-all',
      text: 'Check all',
      run: () => {
        pressInView('servers', 'Check all');
      },
    },
    ...(locked
      ? []
      : [
          {
            key: 'import',
            text: 'Import',
            run: () => {
              pressInView('servers', 'Import JSON');
            },
          },
        ]),
    {
      key: 'export',
      text: 'Export',
      run: () => {
        pressInView('servers', 'Export');
      },
    },
    {
      key: 'registry',
      text: 'Search the MCP registry',
      run: () => {
        goToView('discover');
        focusOnceDrawn(() => document.querySelector('.view:not([hidden]) input[type="search"]'));
      },
    },
  ].map((action) => ({ ...action, kind: 'Action' as const }));
  return [
    ...servers.map((server) => ({
      key: `server ${server.scope} ${server.name}`,
      text: server.name,
      kind: 'Server' as const,
      run: () => {
        window.location.hash = server.href;
      },
    })),
    ...VIEWS.map((view) => ({
      key: `view ${view.id}`,
      text: view.label,
      kind: 'View' as const,
      run: () => {
        goToView(view.id);
      },
    })),
    ...actions,
  ];
}

/** Whether every word typed is in the line's text (any order, any case). */
function matches(command: Command, query: string): boolean {
  const text = `${command.text} ${command.kind}`.toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '')
    .every((word) => text.includes(word));
}

export function CommandPalette({ projectPath, locked, onNewServer, onClose }: CommandPaletteProps) {
  const listId = useId();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const list = useServerList(projectPath);
  const servers = (list.data?.servers ?? []).map((server) => ({
    name: server.name,
    scope: server.scope,
    href: sheetHref(server, list.data?.projectPath ?? projectPath),
  }));
  const shown = commands(servers, { locked, onNewServer })
    .filter((command) => matches(command, query))
    .slice(0, MAX_SHOWN);
  const activeIndex = Math.min(active, shown.length - 1);
  const optionId = (index: number) => `${listId}-${String(index)}`;
  const run = (command: Command | undefined) => {
    if (command === undefined) return;
    // Closed first: the palette's dialog leaves the top layer before the action opens another.
    onClose();
    command.run();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + shown.length) % Math.max(shown.length, 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      run(shown[activeIndex]);
    }
  };
  return (
    <Dialog title="Command palette" onClose={onClose}>
      <input
        type="text"
        role="combobox"
        className="palette-box"
        aria-label="Search servers, views and actions"
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown.length > 0 ? optionId(activeIndex) : undefined}
        autoComplete="off"
        autoFocus
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label="Results" className="palette-list">
        {shown.map((command, index) => (
          <li
            key={command.key}
            id={optionId(index)}
            role="option"
            aria-selected={index === activeIndex}
            className={index === activeIndex ? 'active' : undefined}
            onMouseDown={(event) => {
              // Keeps focus in the box; the click runs the line.
              event.preventDefault();
            }}
            onClick={() => {
              run(command);
            }}
          >
            <span>{command.text}</span>
            <span className="palette-kind">{command.kind}</span>
          </li>
        ))}
      </ul>
      {shown.length === 0 && <p className="status">Nothing matches “{query}”.</p>}
    </Dialog>
  );
}
