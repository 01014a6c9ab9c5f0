/**
 * The check views, each loaded the first time it shows (or once the panel has painted, see
 * `preloadLazyParts`): the panel's first paint has only the buttons that start a check.
 */
import { lazyPart } from '../ui/lazy-part';

export const CheckResultView = lazyPart('the check result', async () => {
  return (await import('./CheckResultView')).CheckResultView;
});

export const ConfirmCheckDialog = lazyPart('this confirmation', async () => {
  return (await import('./ConfirmCheckDialog')).ConfirmCheckDialog;
});

export const CheckAllRun = lazyPart('Check all', async () => (await import('./CheckAllRun')).CheckAllRun);
