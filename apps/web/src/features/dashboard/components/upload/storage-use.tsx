import { HardDrive } from 'lucide-react';
import { useStorage } from '../../api/storage';

const MB = 1024 * 1024;
const megabytes = (bytes: number) => Math.ceil(bytes / MB).toLocaleString('en-IN');

/**
 * How much of the organisation's upload storage (ORG_STORAGE_MAX_MB) its uploads use, for those who
 * upload: warned from 90 %, since an upload past the limit is refused.
 */
export function StorageUse({ enabled }: { enabled: boolean }) {
  const storage = useStorage(enabled);
  if (!enabled || !storage.data) return null;
  const { usedBytes, limitBytes } = storage.data;
  const full = usedBytes >= limitBytes * 0.9;
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium text-ink ${full ? 'bg-warning-soft' : 'bg-page ring-1 ring-line'}`}
    >
      <HardDrive aria-hidden="true" className="size-3.5" />
      <span className="tabular">
        Storage: {megabytes(usedBytes)} MB of {megabytes(limitBytes)} MB
      </span>
    </span>
  );
}
