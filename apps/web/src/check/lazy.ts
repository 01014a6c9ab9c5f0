/**
 * The check views, each loaded the first time it shows: the panel's first paint has only the
 * buttons that start a check.
 */
import { lazy } from 'react';

export const CheckResultView = lazy(async () => ({
  default: (await import('./CheckResultView')).CheckResultView,
}));

export const ConfirmCheckDialog = lazy(async () => ({
  default: (await import('./ConfirmCheckDialog')).ConfirmCheckDialog,
}));

export const CheckAllRun = lazy(async () => ({ default: (await import('./CheckAllRun')).CheckAllRun }));
