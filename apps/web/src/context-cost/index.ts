/** The context cost feature's public module: its view, loaded when it first shows. */
import { lazyPart } from '../ui/lazy-part';

export const ContextCostRegion = lazyPart(
  'Context cost',
  () => import('./ContextCostRegion'),
  (module) => module.ContextCostRegion,
);
