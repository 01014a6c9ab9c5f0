/** The Discover feature's public module: the MCP registry, loaded the first time it shows. */
import { lazyPart } from '../ui/lazy-part';

export const DiscoverRegion = lazyPart(
  'Discover',
  () => import('./DiscoverRegion'),
  (module) => module.DiscoverRegion,
);
