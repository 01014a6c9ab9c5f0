import { useState, type SubmitEvent } from 'react';
import { scopeLabel } from '../scopes';
import { useServerList } from '../shared-queries';
import type { ProfileEntry, ServerEntry } from '../trpc';
import { Dialog } from '../ui/Dialog';
import { ErrorAlert } from '../ui/ErrorAlert';
import { useSaveProfile } from './api';
import { isSwitchable } from './profile-preview';

type ProfileServer = ProfileEntry['servers'][number];

const inProfile = (profile: ProfileEntry, row: ServerEntry, projectPath: string) =>
  profile.servers.some(
    (server) =>
      server.name === row.name &&
      server.scope === row.scope &&
      (server.scope === 'user' || (server.projectPath ?? projectPath) === projectPath),
  );

/**
 * Which servers a profile holds, chosen one by one among the switchable servers of this project;
 * servers it names in other projects are kept. Saved under the same name, which replaces it.
 */
export function EditProfileDialog({
  profile,
  projectPath,
  onClose,
}: {
  profile: ProfileEntry;
  projectPath: string;
  onClose: () => void;
}) {
  const list = useServerList(projectPath);
  const rows = (list.data?.servers ?? []).filter(isSwitchable);
  const [chosen, setChosen] = useState<ReadonlySet<string> | null>(null);
  const keyOf = (row: ServerEntry) => `${row.scope}:${row.name}`;
  const picked = chosen ?? new Set(rows.filter((row) => inProfile(profile, row, projectPath)).map(keyOf));
  const [filter, setFilter] = useState('');
  // Select all / none act on the servers shown: filter "team", Select all, and the team is in.
  const shown = rows.filter((row) => row.name.toLowerCase().includes(filter.trim().toLowerCase()));
  const setShown = (on: boolean) => {
    const next = new Set(picked);
    for (const row of shown) {
      if (on) next.add(keyOf(row));
      else next.delete(keyOf(row));
    }
    setChosen(next);
  };
  const save = useSaveProfile(onClose);

  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    const elsewhere = profile.servers.filter(
      (server) => server.scope !== 'user' && (server.projectPath ?? projectPath) !== projectPath,
    );
    const here: ProfileServer[] = rows
      .filter((row) => picked.has(keyOf(row)))
      .map((row) => ({
        name: row.name,
        scope: row.scope as ProfileServer['scope'],
        ...(row.scope === 'user' ? {} : { projectPath }),
      }));
    save.mutate({ name: profile.name, servers: [...elsewhere, ...here], projectPath });
  };

  return (
    <Dialog title={`Edit profile ${profile.name}`} onClose={onClose}>
      <form onSubmit={onSubmit}>
        <div className="profile-filter">
          <input
            type="search"
            aria-label="Filter servers"
            placeholder="Filter servers"
            value={filter}
            onChange={(event) => {
              setFilter(event.target.value);
            }}
            onKeyDown={(event) => {
              // Escape empties the box; the dialog closes on the next one.
              if (event.key === 'Escape' && filter !== '') {
                event.preventDefault();
                setFilter('');
              }
            }}
          />
          <button
            type="button"
            className="secondary small"
            onClick={() => {
              setShown(true);
            }}
          >
            Select all
          </button>
          <button
            type="button"
            className="secondary small"
            onClick={() => {
              setShown(false);
            }}
          >
            Select none
          </button>
        </div>
        <p className="hint" aria-live="polite">
          {picked.size} of {rows.length} chosen
          {shown.length === rows.length ? '' : `, ${String(shown.length)} shown`}
        </p>
        <fieldset className="profile-servers">
          <legend>Servers on when {profile.name} is applied</legend>
          {shown.map((row) => (
            <label key={keyOf(row)}>
              <input
                type="checkbox"
                checked={picked.has(keyOf(row))}
                onChange={(event) => {
                  const next = new Set(picked);
                  if (event.target.checked) next.add(keyOf(row));
                  else next.delete(keyOf(row));
                  setChosen(next);
                }}
              />
              {row.name} <span className="muted">({scopeLabel(row.scope)})</span>
            </label>
          ))}
        </fieldset>
        {save.error !== null && <ErrorAlert message={save.error.message} />}
        <div className="dialog-actions">
          <button type="submit" className="primary" aria-disabled={save.isPending || undefined}>
            Save {profile.name}
          </button>
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
