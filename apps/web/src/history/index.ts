/** History (with the profiles above it), loaded once the panel has painted. */
import { lazyPart } from '../ui/lazy-part';

export const HistoryRegion = lazyPart('History', async () => (await import('./HistoryRegion')).HistoryRegion);
