import { viewHref } from '../ui/view-url';
import { VIEWS, type PanelView } from './views';
import './shell.css';

/** The `Views` navigation: plain links, so each view has an address and Back returns to the last one. */
export function ViewNav({ current }: { current: PanelView }) {
  return (
    <nav className="view-nav" aria-label="Views">
      <ul>
        {VIEWS.map((view) => (
          <li key={view.id}>
            <a
              href={viewHref(view.id)}
              aria-current={view.id === current.id ? 'page' : undefined}
              // A phone shows this word of the label (shell.css); the link is named by the label.
              data-short={view.short}
            >
              <span className="view-label">{view.label}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
