/**
 * Profiles: named sets of servers, applied at once as one recorded change of several switches.
 */
export { createProfiles } from './profiles';
