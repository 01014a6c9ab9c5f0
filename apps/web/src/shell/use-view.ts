import { useEffect, useState } from 'react';
import { currentHash, viewInUrl } from '../ui/view-url';
import { VIEWS, type PanelView } from './views';

function viewOf(hash: string): PanelView {
  // A view's own address may go on (`#/servers/user/github`, a server's sheet): the view is its first part.
  const id = viewInUrl(hash)?.split('/')[0];
  return VIEWS.find((view) => view.id === id) ?? VIEWS[0];
}

/** The view the address names, following Back, Forward and the `Views` links. */
export function useView(): PanelView {
  const [view, setView] = useState(() => viewOf(currentHash()));
  useEffect(() => {
    const onHashChange = () => {
      setView(viewOf(window.location.hash));
    };
    window.addEventListener('hashchange', onHashChange);
    return () => {
      window.removeEventListener('hashchange', onHashChange);
    };
  }, []);
  useEffect(() => {
    document.title = `${view.label} · MCP Admin`;
  }, [view]);
  return view;
}
