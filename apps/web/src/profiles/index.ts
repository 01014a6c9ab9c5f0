/** The profiles feature's public module: its view, loaded when it first shows. */
import { lazyPart } from '../ui/lazy-part';

export const ProfilesRegion = lazyPart(
  'Profiles',
  () => import('./ProfilesRegion'),
  (module) => module.ProfilesRegion,
);
