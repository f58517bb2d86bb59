import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { ReportTarget } from '../api/add-report';
import { AddReportModal } from './add-report-modal';

interface AddReportButtonProps {
  target: ReportTarget;
  /** False until the page's details have loaded: the button waits for them. */
  ready: boolean;
  sector: string | null;
  description: string;
}

/** Add Report and the modal it opens. */
export function AddReportButton({ target, ready, sector, description }: AddReportButtonProps) {
  const [adding, setAdding] = useState(false);
  return (
    <>
      <Button
        onClick={() => setAdding(true)}
        disabled={!ready}
        icon={<Plus aria-hidden="true" className="size-4" />}
      >
        Add Report
      </Button>
      {ready && (
        <AddReportModal
          open={adding}
          onClose={() => setAdding(false)}
          target={target}
          sector={sector}
          description={description}
        />
      )}
    </>
  );
}
