/** The profiles region, loaded after the list paints: it is not needed for the first view. */
import { lazyPart } from '../ui/lazy-part';

export const ProfilesRegion = lazyPart(
  'Profiles',
  async () => (await import('./ProfilesRegion')).ProfilesRegion,
);
