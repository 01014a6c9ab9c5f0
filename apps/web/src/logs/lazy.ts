/** The logs dialog, loaded the first time it opens; the same logs in a server's sheet. */
import { lazyPart } from '../ui/lazy-part';

export const LogsDialog = lazyPart(
  'the logs',
  () => import('./LogsDialog'),
  (module) => module.LogsDialog,
);

export const ServerLogs = lazyPart(
  'its logs',
  () => import('./LogsDialog'),
  (module) => module.ServerLogs,
);
