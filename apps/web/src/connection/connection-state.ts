import { connectionLost } from '../ui/connection-lost';

/**
 * Whether the panel can reach its server, as last seen by the live events stream or by any request.
 * One value for the whole page: every part reports what it saw, the alert shows it.
 */
export function reportReachable(reachable: boolean): void {
  connectionLost.set(!reachable);
}

export const useConnectionLost = connectionLost.use;
