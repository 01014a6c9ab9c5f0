import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type SubmitEvent } from 'react';
import type { ProfileEntry } from '../trpc';
import { ErrorAlert } from '../ui/ErrorAlert';
import { useDeleteProfile, useProfiles, useRefreshProfiles, useSaveProfile } from './api';
import { AppliedSteps, ApplyPreviewDialog, type AppliedProfile } from './ApplyPreviewDialog';
import { EditProfileDialog } from './EditProfileDialog';
import './profiles.css';

/**
 * Named sets of servers: save the ones on now, edit which servers one holds, apply one after a
 * preview (one change in the history), delete one.
 */
export function ProfilesRegion({ projectPath, locked }: { projectPath: string; locked: boolean }) {
  const headingId = useId();
  const nameId = useId();
  const [name, setName] = useState('');
  const [open, setOpen] = useState<{ profile: ProfileEntry; as: 'apply' | 'edit' } | null>(null);
  const [applied, setApplied] = useState<AppliedProfile | null>(null);
  const profiles = useProfiles();
  useProfilesFollowList(useRefreshProfiles());
  const save = useSaveProfile(() => {
    setName('');
  });
  const remove = useDeleteProfile();
  const busy = save.isPending || remove.isPending;

  const onSave = (event: SubmitEvent) => {
    event.preventDefault();
    save.mutate({ name: name.trim(), projectPath });
  };
  const show = (profile: ProfileEntry, as: 'apply' | 'edit') => {
    save.reset();
    remove.reset();
    setApplied(null);
    setOpen({ profile, as });
  };
  const close = () => {
    setOpen(null);
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
      {applied !== null && <AppliedSteps applied={applied} />}
      {profiles.data?.length === 0 && (
        <p className="hint">
          A profile is a named set of servers, switched on together in one change (and undone in one). None
          yet: name the servers on now above and save them as the first.
        </p>
      )}
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
                    show(profile, 'apply');
                  }}
                >
                  Apply
                </button>
                <button
                  type="button"
                  className="secondary small"
                  aria-label={`Edit ${profile.name}`}
                  onClick={() => {
                    show(profile, 'edit');
                  }}
                >
                  Edit
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
      {open?.as === 'apply' && (
        <ApplyPreviewDialog
          profile={open.profile}
          projectPath={projectPath}
          onApplied={(result) => {
            setApplied(result);
            close();
          }}
          onClose={close}
        />
      )}
      {open?.as === 'edit' && (
        <EditProfileDialog profile={open.profile} projectPath={projectPath} onClose={close} />
      )}
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
