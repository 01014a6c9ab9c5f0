import { sharedValue } from '../ui/shared-value';

/**
 * Whether the panel can reach its server, as last seen by the live events stream or by any request.
 * One value for the whole page: every part reports what it saw, the alert shows it.
 */
const lost = sharedValue(false);

export function reportReachable(reachable: boolean): void {
  lost.set(!reachable);
}

export const useConnectionLost = lost.use;
