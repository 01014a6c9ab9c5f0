/** The profiles region, loaded after the list paints: it is not needed for the first view. */
import { lazy } from 'react';

export const ProfilesRegion = lazy(async () => ({
  default: (await import('./ProfilesRegion')).ProfilesRegion,
}));
