/** The logs dialog, loaded the first time it opens; the same logs in a server's sheet. */
import { lazy } from 'react';
import { lazyPart } from '../ui/lazy-part';

export const LogsDialog = lazy(async () => ({ default: (await import('./LogsDialog')).LogsDialog }));

export const ServerLogs = lazyPart(
  'its logs',
  () => import('./LogsDialog'),
  (module) => module.ServerLogs,
);
