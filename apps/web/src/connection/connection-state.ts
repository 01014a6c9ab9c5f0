import { connectionLost } from '../ui/connection-lost';

/**
 * Whether the panel can reach its server: one value for the whole page, from two witnesses kept
 * apart. The live events stream is the panel's sign that the server is there; a request says only
 * what its own answer saw. A stopping server still answers the requests it already had after it
 * ended the stream, so a late answer must not clear a stream that is lost (it hid the alert for
 * good while the server was gone).
 */
let streamLost = false;
let requestLost = false;

function publish(): void {
  connectionLost.set(streamLost || requestLost);
}

/** The stream ended or failed (lost), or is open again. */
export function reportStream(state: 'lost' | 'open'): void {
  streamLost = state === 'lost';
  publish();
}

/** A request got an answer (reachable) or none because the server is gone. */
export function reportRequest(reachable: boolean): void {
  requestLost = !reachable;
  publish();
}

export const useConnectionLost = connectionLost.use;
