import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { scopeLabel } from '../scopes';
import type { ApplyProfileResult, ProfileEntry } from '../trpc';
import { ErrorAlert } from '../ui/ErrorAlert';
import { useApplyProfile, useDeleteProfile, useProfiles, useRefreshProfiles, useSaveProfile } from './api';
import './profiles.css';

const OUTCOME_WORDS: Record<ApplyProfileResult['results'][number]['outcome'], string> = {
  on: 'Switched on',
  off: 'Switched off',
  unchanged: 'Unchanged',
  missing: 'Missing',
  failed: 'Failed',
};

/** Named sets of servers: save the ones on now, apply one (one change in the history), delete one. */
export function ProfilesRegion({ projectPath, locked }: { projectPath: string; locked: boolean }) {
  const headingId = useId();
  const nameId = useId();
  const [name, setName] = useState('');
  const profiles = useProfiles();
  useProfilesFollowList(useRefreshProfiles());
  const save = useSaveProfile(() => {
    setName('');
  });
  const remove = useDeleteProfile();
  const apply = useApplyProfile();
  const busy = save.isPending || remove.isPending || apply.isPending;

  const onSave = (event: SubmitEvent) => {
    event.preventDefault();
    save.mutate({ name: name.trim(), projectPath });
  };
  const onApply = (profile: ProfileEntry) => {
    save.reset();
    remove.reset();
    apply.mutate({ name: profile.name, projectPath });
  };

  return (
    <section className="card profiles" aria-labelledby={headingId}>
      <h2 id={headingId}>Profiles</h2>
      <form className="profile-save" onSubmit={onSave}>
        <label htmlFor={nameId}>Profile name</label>
        <input
          id={nameId}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
          }}
          maxLength={64}
        />
        <button type="submit" className="secondary small" disabled={busy || name.trim() === ''}>
          Save profile
        </button>
      </form>
      <p className="hint">Saves the servers on now in this project under the name.</p>
      {profiles.error !== null && <ErrorAlert message={profiles.error.message} />}
      {save.error !== null && <ErrorAlert message={save.error.message} />}
      {remove.error !== null && <ErrorAlert message={remove.error.message} />}
      {apply.error !== null && <ErrorAlert message={apply.error.message} />}
      {profiles.data !== undefined && profiles.data.length > 0 && (
        <ul className="profile-list">
          {profiles.data.map((profile) => (
            <li key={profile.name}>
              <span className="profile-what">
                <strong>{profile.name}</strong> ({profile.servers.length} servers)
                {profile.active && <span className="note ok">Active</span>}
              </span>
              <span className="profile-actions">
                <button
                  type="button"
                  className="secondary small"
                  aria-label={`Apply ${profile.name}`}
                  // Under a managed config Claude Code takes no change.
                  disabled={locked || busy}
                  onClick={() => {
                    onApply(profile);
                  }}
                >
                  Apply
                </button>
                <button
                  type="button"
                  className="secondary small"
                  aria-label={`Delete ${profile.name}`}
                  disabled={busy}
                  onClick={() => {
                    remove.mutate({ name: profile.name });
                  }}
                >
                  Delete
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {apply.isPending && (
        <p role="status" className="status">
          Applying {apply.variables.name}…
        </p>
      )}
      {apply.data !== undefined && <ApplyResult result={apply.data} />}
    </section>
  );
}

/**
 * Which profile is active changes with the servers: the profiles are asked again each time the
 * server list arrives anew (a change made here or in another terminal, another project picked).
 */
function useProfilesFollowList(refreshProfiles: () => Promise<void>) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        const [path] = event.query.queryKey as [unknown];
        const isList = Array.isArray(path) && path[0] === 'mcp' && path[1] === 'list';
        if (isList && event.type === 'updated' && event.action.type === 'success') void refreshProfiles();
      }),
    [queryClient, refreshProfiles],
  );
}

function ApplyResult({ result }: { result: ApplyProfileResult }) {
  return (
    <div className="profile-result" role="status">
      <p>{result.message}</p>
      <ul aria-label="Result per server">
        {result.results.map((server) => (
          <li key={`${server.scope}:${server.projectPath ?? ''}:${server.name}`}>
            <strong>{server.name}</strong> ({scopeLabel(server.scope)}):{' '}
            <span className={server.outcome === 'failed' ? 'note warn' : 'note muted'}>
              {OUTCOME_WORDS[server.outcome]}
            </span>
            {server.outcome === 'missing' || server.outcome === 'failed' ? ` ${server.message ?? ''}` : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}
