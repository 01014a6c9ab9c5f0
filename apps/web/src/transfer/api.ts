/** Import and export's calls to the server. */
import type { Scope } from '@mcp-admin/core/schemas';
import { keepPreviousData } from '@tanstack/react-query';
import { useRefreshAfterChange } from '../refresh-after-change';
import { trpc } from '../trpc';
import type { ImportResult } from './import-results';

type ImportResults = ImportResult[];

/** One scope's servers as a document; not kept once the dialog closes (a revealed one holds secrets). */
export function useExport(scope: Scope, projectPath: string, reveal: boolean, placeholders: boolean) {
  return trpc.mcp.export.useQuery(
    { scope, projectPath, reveal, ...(placeholders && { placeholders }) },
    { gcTime: 0, placeholderData: keepPreviousData },
  );
}

/** The documents found on this machine, read anew each time the dialog opens. */
export function useImportSources() {
  return trpc.mcp.importSources.useQuery(undefined, { gcTime: 0 });
}

/** Reads one found document, with its secret values: the import needs them to store the servers whole. */
export function useReadImportSource() {
  const utils = trpc.useUtils();
  return (path: string) => utils.client.mcp.importSource.query({ path, reveal: true });
}

/** `mcp.import` with `dryRun`: what an import would do, nothing written. */
export function usePreviewImport(onPreview: (results: ImportResults) => void) {
  return trpc.mcp.import.useMutation({ onSuccess: onPreview });
}

/** `mcp.import` of the servers checked. */
export function useImport(onImported: (results: ImportResults) => void) {
  const refreshAfterChange = useRefreshAfterChange();
  return trpc.mcp.import.useMutation({ onSettled: refreshAfterChange, onSuccess: onImported });
}
