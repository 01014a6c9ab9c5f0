/** The Discover feature's public module: the MCP registry, loaded the first time it shows. */
import { lazyPart } from '../ui/lazy-part';

export const DiscoverRegion = lazyPart(
  'Discover',
  async () => (await import('./DiscoverRegion')).DiscoverRegion,
);
