import type { ComponentType } from 'react';
import type { AddFormPrefill } from '../add-form';
import { ContextCostRegion } from '../context-cost';
import { DiscoverRegion } from '../discover';
import { HistoryRegion } from '../history';
import { ProfilesRegion } from '../profiles';
import type { WritableServer } from '../rows';
import { ServersSection } from '../servers';
import { RunningSessionsRegion } from '../sessions';
import { TransferBar } from '../transfer';

/** What every view is drawn with. */
export interface ViewContext {
  projectPath: string;
  /** A managed config is in control: Claude Code takes no change. */
  locked: boolean;
  /** A row's `Edit`: the panel opens the edit form for that entry. */
  onEdit: (server: WritableServer, projectPath: string) => void;
  /** `New server`: the panel opens the add form (an empty view's first action). */
  onNewServer: () => void;
  /** Discover's `Add <name>`: the panel opens the add form filled with that entry. */
  onAddPrefilled: (prefill: Omit<AddFormPrefill, 'id'>) => void;
}

export interface PanelView {
  /** In the address (`#/<id>`). */
  id: string;
  /** The link in `Views`, and the name of the region the view draws. */
  label: string;
  /** What its link shows on a phone, where every view shares one line (its name stays `label`). */
  short?: string;
  /** The view's content: one region named `label`. */
  Content: ComponentType<ViewContext>;
}

/**
 * Every view, in the order of the `Views` navigation; the first shows when the address names none.
 * A new view is one more entry here (its code loaded lazily, see ui/lazy-part.tsx).
 */
export const VIEWS: readonly [PanelView, ...PanelView[]] = [
  {
    id: 'servers',
    label: 'Servers',
    Content: ({ projectPath, locked, onEdit, onNewServer }) => (
      <ServersSection
        projectPath={projectPath}
        locked={locked}
        onEdit={onEdit}
        onAddServer={onNewServer}
        actions={<TransferBar projectPath={projectPath} />}
      />
    ),
  },
  {
    id: 'context-cost',
    label: 'Context cost',
    short: 'Cost',
    Content: ({ projectPath }) => <ContextCostRegion projectPath={projectPath} />,
  },
  {
    id: 'profiles',
    label: 'Profiles',
    Content: ({ projectPath, locked }) => <ProfilesRegion projectPath={projectPath} locked={locked} />,
  },
  {
    id: 'history',
    label: 'History',
    Content: ({ locked }) => <HistoryRegion locked={locked} />,
  },
  {
    id: 'discover',
    label: 'Discover',
    Content: ({ projectPath, locked, onAddPrefilled }) => (
      <DiscoverRegion projectPath={projectPath} locked={locked} onAdd={onAddPrefilled} />
    ),
  },
  {
    id: 'sessions',
    label: 'Running sessions',
    short: 'Sessions',
    Content: ({ projectPath }) => <RunningSessionsRegion projectPath={projectPath} />,
  },
];
