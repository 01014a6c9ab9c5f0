/** History, loaded when its view first shows (or once the list has arrived). */
import { lazyPart } from '../ui/lazy-part';

export const HistoryRegion = lazyPart('History', async () => (await import('./HistoryRegion')).HistoryRegion);
export { describeHistoryEntry } from './history-words';
