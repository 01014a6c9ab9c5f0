/**
 * The check views, each loaded the first time it shows (or once the panel has painted, see
 * `preloadLazyParts`): the panel's first paint has only the buttons that start a check.
 */
import { lazyPart } from '../ui/lazy-part';

export const CheckResultView = lazyPart(
  'the check result',
  () => import('./CheckResultView'),
  (module) => module.CheckResultView,
);

export const ConfirmCheckDialog = lazyPart(
  'this confirmation',
  () => import('./ConfirmCheckDialog'),
  (module) => module.ConfirmCheckDialog,
);

export const CheckAllRun = lazyPart(
  'Check all',
  () => import('./CheckAllRun'),
  (module) => module.CheckAllRun,
  <p className="status">Checking all servers…</p>,
);
