/** What other features open of import: its dialog (loaded when first opened) and the sources found. */
import { lazyPart } from '../ui/lazy-part';

export { useImportSources } from './api';

export const ImportDialog = lazyPart(
  'the import dialog',
  () => import('./ImportDialog'),
  (module) => module.ImportDialog,
  <p className="status">Loading…</p>,
);
