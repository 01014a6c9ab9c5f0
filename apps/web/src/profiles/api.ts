/** The profiles' calls to the server; each change refreshes the profiles (whether it landed or not). */
import { useCallback } from 'react';
import { useRefreshAfterChange } from '../refresh-after-change';
import { trpc } from '../trpc';

export function useProfiles() {
  return trpc.mcp.profiles.useQuery();
}

/** Fetches the profiles again: which one is active follows the list. */
export function useRefreshProfiles(): () => Promise<void> {
  const utils = trpc.useUtils();
  return useCallback(() => utils.mcp.profiles.invalidate(), [utils]);
}

export function useSaveProfile(onSaved: () => void) {
  const refreshProfiles = useRefreshProfiles();
  return trpc.mcp.saveProfile.useMutation({ onSuccess: onSaved, onSettled: refreshProfiles });
}

export function useDeleteProfile() {
  const refreshProfiles = useRefreshProfiles();
  return trpc.mcp.deleteProfile.useMutation({ onSettled: refreshProfiles });
}

/** Applying a profile switches servers: the list and the history change too. */
export function useApplyProfile() {
  const refreshProfiles = useRefreshProfiles();
  const refreshAfterChange = useRefreshAfterChange();
  return trpc.mcp.applyProfile.useMutation({
    onSettled: () => Promise.all([refreshProfiles(), refreshAfterChange()]),
  });
}
