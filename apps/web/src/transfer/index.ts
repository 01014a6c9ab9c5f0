/** Import and export, below the form like History: its doors come with the form, lazily. */
import { lazyPart } from '../ui/lazy-part';

export const TransferBar = lazyPart('Import and export', async () => {
  return (await import('./TransferBar')).TransferBar;
});
