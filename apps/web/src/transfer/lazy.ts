/** What other features open of import: its dialog (loaded when first opened) and the sources found. */
import { lazy } from 'react';

export { useImportSources } from './api';

export const ImportDialog = lazy(async () => ({ default: (await import('./ImportDialog')).ImportDialog }));
