import { MESSAGES, UPLOAD_EXTENSIONS } from '@insightra/contract';
import { Database, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { useToast } from '../../../../components/ui/toast/toast-context';

/**
 * The dashboard header's Upload File and Load Data buttons. A minimal version: the uploads issue
 * completes it (sending the file, progress, results). This folder belongs to the uploads feature.
 */
export function UploadControls() {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const toast = useToast();
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={UPLOAD_EXTENSIONS.join(',')}
        className="hidden"
        aria-label="Choose a spreadsheet to upload"
        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
      />
      <Button
        variant="secondary"
        size="sm"
        icon={<Upload aria-hidden="true" className="size-4" />}
        onClick={() => input.current?.click()}
      >
        Upload File
      </Button>
      <Button
        variant="secondary"
        size="sm"
        icon={<Database aria-hidden="true" className="size-4" />}
        onClick={() => {
          if (!file) toast.error(MESSAGES.dashboard.selectFileFirst);
        }}
      >
        Load Data
      </Button>
    </>
  );
}
