/** The change message's call to the server. */
import { trpc } from '../trpc';

/** The newest changes searched for the one just made. */
const RECENT_CHANGES = 20;

/** Reads the newest changes when asked (on `Undo`), not before. */
export function useReadRecentChanges() {
  const utils = trpc.useUtils();
  return () => utils.client.mcp.history.query({ limit: RECENT_CHANGES });
}
