// Kept only for switch/switch-operations.ts, which i17-service is splitting at the same time: its
// new modules import `fieldsDifferingAsLoaded` from `../entry-comparison`; delete this file then.
export { fieldsDifferingAsLoaded as differingFields } from '../entry-comparison';
