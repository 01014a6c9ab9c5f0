/** The running sessions feature's public module: the region, and the words a change's message adds. */
import { lazyPart } from '../ui/lazy-part';

export { missedSessionsText, recordMissedSessions } from './session-words';

/** `Running sessions`; its code loads after the first paint. */
export const RunningSessionsRegion = lazyPart(
  'the running sessions',
  () => import('./RunningSessionsRegion'),
  (module) => module.RunningSessionsRegion,
);
