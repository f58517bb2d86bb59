import { EXPORT_MESSAGES } from '@insightra/contract';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api-client';
import { type ExportRequest, type ExportTarget, exportFile } from '../../lib/exports/export-file';

/**
 * Exports of one report: `run` fetches a file and saves it under the server's name; `pending` is the
 * one being prepared (a PDF takes a second or two). A refusal (too many exports running, no such chart)
 * goes to `onError` with the server's message.
 */
export function useExport(target: ExportTarget, onError: (message: string) => void) {
  const mutation = useMutation({
    mutationFn: (request: ExportRequest) => exportFile(target, request),
    onError: (err) => onError(errorMessage(err, EXPORT_MESSAGES.failed)),
  });
  return {
    pending: mutation.isPending ? mutation.variables : null,
    /** Settles once the file is saved or its refusal reported. */
    run: (request: ExportRequest) => mutation.mutateAsync(request).catch(() => {}),
  };
}
