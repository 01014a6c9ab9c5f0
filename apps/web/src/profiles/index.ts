/** The profiles feature's public module. */
export { ProfilesRegion } from './ProfilesRegion';
