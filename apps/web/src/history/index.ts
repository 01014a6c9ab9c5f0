/** History, loaded when its view first shows (or once the list has arrived); one server's part of it for its sheet. */
import { lazyPart } from '../ui/lazy-part';

export const HistoryRegion = lazyPart(
  'History',
  () => import('./HistoryRegion'),
  (module) => module.HistoryRegion,
);
export const ServerHistory = lazyPart(
  'its changes',
  () => import('./ServerHistory'),
  (module) => module.ServerHistory,
);
export { describeHistoryEntry } from './history-words';
