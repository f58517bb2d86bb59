import { MESSAGES, sectorDeclaration, TIMINGS, UPLOAD_EXTENSIONS } from '@insightra/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Database, FileDown, Upload } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { usePermittedControl } from '../../../../components/organisation/permitted-control';
import { Button } from '../../../../components/ui/button';
import { useToast } from '../../../../components/ui/toast/toast-context';
import { refreshQueueKey } from '../../../../lib/bi/refresh-queue';
import { usePublicConfig } from '../../../../lib/public-config';
import { domainKey } from '../../../../lib/query-keys';
import { useSession } from '../../../../lib/session/session-context';
import { downloadTemplate } from './template-download';
import { sendUpload, uploadFailure } from './upload-request';
import { formatBytes, type UploadPhase, UploadStatus } from './upload-status';

/** Files above this get the longer hint: their upload and processing take noticeably longer. */
const LARGE_FILE_BYTES = 5 * 1024 * 1024;

/**
 * The dashboard header's Upload File and Load Data buttons (docs/PRODUCT.md#upload-rules): choose a .xlsx/.xls/.csv,
 * send it with a progress bar, then show the upload statistics; plus the template download.
 */
export function UploadControls() {
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<(() => void) | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<UploadPhase | null>(null);
  const toast = useToast();
  const { uploads } = usePublicConfig();
  const queryClient = useQueryClient();
  // The member's sector's template (Education's without a sector): its title and columns.
  const viewer = useSession().user;
  const template = sectorDeclaration(viewer?.sector?.name).upload;
  // The upload is a write like any other: TanStack Query's mutation says when it is under way; the
  // phase adds what the status panel shows (bytes sent, processing, the statistics).
  const upload = useMutation({
    mutationFn: (chosen: File) => {
      const fileName = chosen.name;
      const request = sendUpload(chosen, {
        onProgress: (sent, total) => setPhase({ kind: 'uploading', fileName, sent, total }),
        onProcessing: () => setPhase({ kind: 'processing', fileName }),
      });
      abort.current = request.abort;
      return request.done;
    },
    onSuccess: (result, chosen) => {
      setPhase({ kind: 'done', fileName: chosen.name, result });
      setFile(null);
      if (input.current) input.current.value = '';
      toast.success(result.message);
      void queryClient.invalidateQueries({ queryKey: refreshQueueKey(viewer) });
      void queryClient.invalidateQueries({ queryKey: domainKey(viewer, 'uploads') });
    },
    onError: (err) => {
      setPhase(null);
      toast.error(uploadFailure(err));
    },
    onSettled: () => {
      abort.current = null;
    },
  });
  const busy = upload.isPending;
  // A viewer's buttons stay in place, disabled with the reason (the server refuses the upload anyway).
  const permitted = usePermittedControl('uploads.create');

  useEffect(() => () => abort.current?.(), []);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    if (!chosen) return;
    setPhase(null);
    toast.info(`File selected: ${chosen.name}. Click Load Data to upload it.`, TIMINGS.fileSelectedHintMs);
    if (chosen.size > LARGE_FILE_BYTES)
      toast.info(
        `${chosen.name} is ${formatBytes(chosen.size)}: uploading and processing it may take a minute.`,
        TIMINGS.fileSelectedLongHintMs,
      );
  };

  const load = () => {
    if (!file) {
      toast.error(MESSAGES.dashboard.selectFileFirst);
      return;
    }
    // The server would refuse it with 413 and close the connection mid-body; say why before sending.
    if (file.size > uploads.maxBytes) {
      toast.error(
        MESSAGES.dashboard.uploadFailed(
          `${file.name} is larger than the ${formatBytes(uploads.maxBytes)} limit`,
        ),
      );
      return;
    }
    setPhase({ kind: 'uploading', fileName: file.name, sent: 0, total: file.size });
    upload.mutate(file);
  };

  return (
    <span className="relative inline-flex flex-wrap items-center gap-2">
      <input
        ref={input}
        type="file"
        accept={UPLOAD_EXTENSIONS.join(',')}
        className="hidden"
        aria-label="Choose a spreadsheet to upload"
        data-testid="upload-file-input"
        onChange={(e) => choose(e.target.files?.[0] ?? null)}
      />
      <Button
        variant="secondary"
        size="sm"
        icon={<Upload aria-hidden="true" className="size-4" />}
        disabled={busy}
        title={file ? `Selected: ${file.name}` : 'Choose a .xlsx, .xls or .csv file'}
        onClick={() => input.current?.click()}
        {...permitted.props}
      >
        Upload File
      </Button>
      <Button
        variant="secondary"
        size="sm"
        icon={<Database aria-hidden="true" className="size-4" />}
        loading={busy}
        loadingText={phase?.kind === 'processing' ? 'Processing...' : 'Uploading...'}
        onClick={load}
        {...permitted.props}
      >
        Load Data
      </Button>
      {permitted.note}
      {file && !busy && (
        <span
          className="hidden max-w-40 truncate rounded-full bg-brand-soft px-2.5 py-0.5 text-xs font-medium text-brand-strong lg:inline"
          title={file.name}
        >
          {file.name}
        </span>
      )}
      <Button
        variant="ghost"
        size="sm"
        icon={<FileDown aria-hidden="true" className="size-4" />}
        title={`Download the ${template.title} template (.xlsx, with drop-downs and instructions); columns: ${template.columns.map((c) => c.name).join(', ')}`}
        aria-label="Download the upload template"
        onClick={() =>
          void downloadTemplate('xlsx').catch(() => toast.error('Failed to download the template'))
        }
      >
        <span className="sr-only 2xl:not-sr-only">Template</span>
      </Button>
      {phase && <UploadStatus phase={phase} onClose={() => setPhase(null)} />}
    </span>
  );
}
