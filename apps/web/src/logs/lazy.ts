/** The logs dialog, loaded the first time it opens. */
import { lazy } from 'react';

export const LogsDialog = lazy(async () => ({ default: (await import('./LogsDialog')).LogsDialog }));
